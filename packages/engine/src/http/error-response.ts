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
  // The interface's status table (400/401/403/404/405/500/503) has no 409: a conflict is a 400
  // whose error code (CONFLICT, OBJECT_EXISTS) says what conflicts.
  conflict: 400,
  too_large: 413,
  too_many_requests: 429,
};

/** The most validation issues one answer lists. */
export const MAX_VALIDATION_ISSUES = 1000;

/**
 * How many bytes of refused values (as JSON) one answer repeats. `invalid_value` is the value as
 * sent, never cut short; only a value that would take the answer past this (a megabyte comment, a
 * whole 50 MiB import under `data`) is left out as null, and its issue's error says so.
 */
export const INVALID_VALUES_BUDGET = 1024 * 1024;

/** The HTTP status and body for an error thrown while handling a request. */
export function errorResponse(error: unknown): { status: number; body: OutError | OutValidationError[] } {
  if (error instanceof ValidationError || error instanceof ConflictsError) {
    // A body of 100,000 wrong entries gets the first thousand issues, not an answer thirty times its size.
    const issues = error instanceof ValidationError ? error.issues.slice(0, MAX_VALIDATION_ISSUES) : error.issues;
    return { status: STATUS_OF_KIND[error.kind], body: issues.map(issuePresenter()) };
  }
  if (error instanceof DomainError) {
    return { status: STATUS_OF_KIND[error.kind], body: { code: error.code, error: error.message, details: error.details } };
  }
  const fault = databaseFault(error);
  if (fault !== undefined) return { status: 503, body: DATABASE_FAULT_ANSWERS[fault] };
  return { status: 500, body: { code: ErrorCode.INTERNAL, error: "Internal error.", details: "The request failed inside the engine; the engine log has the details." } };
}

/**
 * Presents issues as OutValidationError, repeating the values sent while they fit in `budget` bytes
 * (shared by every issue it presents) and null beyond, with the error saying so.
 */
export function issuePresenter(budget = INVALID_VALUES_BUDGET): (issue: ValidationIssue) => OutValidationError {
  let left = budget;
  return (issue) => {
    const size = jsonSizeWithin(issue.invalidValue ?? null, left);
    if (size === undefined) return presentIssue({ ...issue, error: `${issue.error} (the value sent is too large to repeat here)`, invalidValue: null });
    left -= size;
    return presentIssue(issue);
  };
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

/**
 * The length of `value` as JSON when it is at most `limit`, else undefined. It walks the value and
 * stops as soon as the limit is passed, so that a huge value is never serialized just to be measured.
 * Values JSON cannot write (a BigInt, a cycle) count as small here: the router's error writer
 * leaves them out.
 */
function jsonSizeWithin(value: unknown, limit: number): number | undefined {
  let size = 0;
  const visiting = new Set<object>();
  const add = (n: number) => {
    size += n;
    return size <= limit;
  };
  const walk = (item: unknown): boolean => {
    // A string is at least its length plus quotes: one too long for that is not serialized at all.
    if (typeof item === "string") return add(size + item.length + 2 > limit ? item.length + 2 : JSON.stringify(item).length);
    if (item === null || typeof item !== "object") return add(String(item).length);
    if (visiting.has(item)) return true;
    visiting.add(item);
    try {
      if (Array.isArray(item)) return add(2) && item.every((entry) => add(1) && walk(entry));
      return add(2) && Object.entries(item).every(([key, entry]) => add(JSON.stringify(key).length + 2) && walk(entry));
    } finally {
      visiting.delete(item);
    }
  };
  return walk(value) ? size : undefined;
}

/** Every zod issue as a validation issue (paths in the spec's snake_case); the code comes from `fieldCodes` by path, else the generic one. */
export function validationErrorFromZod(error: z.ZodError, input: unknown, prefix: string, fieldCodes: Readonly<Record<string, number>>): ValidationError {
  return new ValidationError(issuesFromZod(error, input, { prefix, key: snakeCase, code: (field) => fieldCodes[snakeCase(field)] ?? ErrorCode.INVALID_REQUEST }));
}
