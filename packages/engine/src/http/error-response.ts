import { ErrorCode, type OutError, type OutValidationError } from "@baton/contract";
import type { z } from "zod";
import { ConflictsError, DomainError, ValidationError, type ValidationIssue } from "../domain/errors";
import { issuesFromZod } from "../domain/validation-issues";
import { DATABASE_FAULT_ANSWERS, databaseFault } from "../store/database-faults";
import { snakeCase } from "./key-case";

const STATUS_OF_KIND: Record<DomainError["kind"], number> = {
  validation: 400,
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  too_many_requests: 429,
};

/** The most validation issues one answer lists. */
export const MAX_VALIDATION_ISSUES = 1000;

/** The HTTP status and body for an error thrown while handling a request. */
export function errorResponse(error: unknown): { status: number; body: OutError | OutValidationError[] } {
  if (error instanceof ValidationError || error instanceof ConflictsError) {
    // A body of 100,000 wrong entries gets the first thousand issues, not an answer thirty times its size.
    const issues = error instanceof ValidationError ? error.issues.slice(0, MAX_VALIDATION_ISSUES) : error.issues;
    return { status: STATUS_OF_KIND[error.kind], body: issues.map(presentIssue) };
  }
  if (error instanceof DomainError) {
    return { status: STATUS_OF_KIND[error.kind], body: { code: error.code, error: error.message, details: error.details } };
  }
  const fault = databaseFault(error);
  if (fault !== undefined) return { status: 503, body: DATABASE_FAULT_ANSWERS[fault] };
  return { status: 500, body: { code: ErrorCode.INTERNAL, error: "Internal error.", details: "The request failed inside the engine; the engine log has the details." } };
}

function presentIssue(issue: ValidationIssue): OutValidationError {
  return {
    code: issue.code,
    error: issue.error,
    path: issue.path,
    invalid_value: issue.invalidValue ?? null,
    ...(issue.line !== undefined && { line: issue.line, column: issue.column }),
  };
}

/** Every zod issue as a validation issue (paths in the spec's snake_case); the code comes from `fieldCodes` by path, else the generic one. */
export function validationErrorFromZod(error: z.ZodError, input: unknown, prefix: string, fieldCodes: Readonly<Record<string, number>>): ValidationError {
  return new ValidationError(issuesFromZod(error, input, { prefix, key: snakeCase, code: (field) => fieldCodes[snakeCase(field)] ?? ErrorCode.INVALID_REQUEST }));
}
