import { ErrorCode } from "@baton/contract";

/** A problem with one property of a request, reported as OutValidationError. */
export interface ValidationIssue {
  code: number;
  error: string;
  path: string;
  invalidValue: unknown;
  /** For script errors: 1-based position in the script. */
  line?: number;
  column?: number;
}

/** Base of the engine's typed errors; the HTTP layer maps each kind to a status code. */
export abstract class DomainError extends Error {
  abstract readonly kind: "validation" | "not_found" | "conflict" | "forbidden" | "unauthorized" | "bad_request" | "too_large" | "too_many_requests";
  constructor(
    readonly code: number,
    message: string,
    readonly details: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends DomainError {
  readonly kind = "validation";
  constructor(readonly issues: readonly ValidationIssue[]) {
    super(issues[0]?.code ?? ErrorCode.INVALID_REQUEST, issues[0]?.error ?? "Invalid request", issues.map((i) => `${i.path}: ${i.error}`).join("; "));
  }
}

/** A request that cannot be processed as a whole (malformed JSON, wrong content). */
export class BadRequestError extends DomainError {
  readonly kind = "bad_request";
}

export class NotFoundError extends DomainError {
  readonly kind = "not_found";
}

/**
 * The request conflicts with the current state (an object that exists, a repository that is
 * merging, a connected agent). The interface's status table has no 409: clients get 400 with the
 * conflict's own error code (docs/decisions.md, Vendor wire behaviour).
 */
export class ConflictError extends DomainError {
  readonly kind = "conflict";
}

/** Several objects of one request conflict with what exists (400, one OutValidationError per object). */
export class ConflictsError extends DomainError {
  readonly kind = "conflict";
  constructor(readonly issues: readonly ValidationIssue[]) {
    super(issues[0]?.code ?? ErrorCode.CONFLICT, issues[0]?.error ?? "Conflict", issues.map((i) => `${i.path}: ${i.error}`).join("; "));
  }
}

export class ForbiddenError extends DomainError {
  readonly kind = "forbidden";
}

export class UnauthorizedError extends DomainError {
  readonly kind = "unauthorized";
}

/** A resource that is disabled until a precondition is met: 404 with its own code and message. */
export class DisabledResourceError extends DomainError {
  readonly kind = "not_found";
  constructor(details: string) {
    super(ErrorCode.RESOURCE_DISABLED, "Resource disabled.", details);
  }
}

export class PayloadTooLargeError extends DomainError {
  readonly kind = "too_large";
}

/** Too many attempts from one source (failed logins): 429, to retry after `retryAfterSeconds`. */
export class TooManyRequestsError extends DomainError {
  readonly kind = "too_many_requests";
  constructor(
    code: number,
    message: string,
    details: string,
    readonly retryAfterSeconds: number,
  ) {
    super(code, message, details);
  }
}

/** One validation issue as a ValidationError. */
export function invalid(code: number, path: string, error: string, invalidValue: unknown): ValidationError {
  return new ValidationError([{ code, path, error, invalidValue }]);
}
