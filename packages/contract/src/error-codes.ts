/**
 * Application error codes of OutError / OutValidationError. The 451xx codes are the spec's;
 * the others are Baton's own and stay stable once published.
 */
export const ErrorCode = {
  /** Generic: the request is invalid and cannot be processed. */
  INVALID_REQUEST: 45106,
  INVALID_OBJECT_NAME: 45113,
  INVALID_EXECUTION_OPTION: 45114,
  NOT_EXECUTABLE: 45115,
  COMMENT_CLIENT_NOT_ALLOWED: 45149,
  COMMENT_PROPERTY_NULL: 45150,
  COMMENT_PROPERTY_INVALID: 45151,
  /** Malformed JSON or a body that is not what the content type says. */
  MALFORMED_BODY: 45100,
  PAYLOAD_TOO_LARGE: 45101,
  UNAUTHORIZED: 45102,
  NOT_FOUND: 45103,
  METHOD_NOT_ALLOWED: 45104,
  CONFLICT: 45105,
  /** 431: the request's header fields are larger than the server reads (refused by node:http before routing). */
  HEADERS_TOO_LARGE: 45108,
  /** 408: the request did not arrive whole in time (refused by node:http before routing). */
  REQUEST_TIMEOUT: 45109,
  INTERNAL: 45199,
  /** "Permission check failed." as the established service answers it. */
  FORBIDDEN: 9,
  /** "Cannot find task with RunID ..." for an unknown run_id. */
  RUN_ID_NOT_FOUND: 11049,
  /** "Task with RunID ... is not active.": a task action on a task that has ended (403, as the vendor answers it). */
  TASK_NOT_ACTIVE: 11191,
  OBJECT_NOT_FOUND: 45120,
  OBJECT_EXISTS: 45121,
  INVALID_OBJECT: 45122,
  REPORT_NOT_FOUND: 45130,
  /** A script that does not parse; the OutValidationError carries line and column. */
  SCRIPT_SYNTAX: 45160,
  /** A status change the execution's state does not allow (cancel an ended one, restart an active one). */
  INVALID_TRANSITION: 45170,
  /** A resource that is disabled until a precondition is met (spec: 404 with a custom code). */
  RESOURCE_DISABLED: 45140,
  /** last_error_code of a forecast whose object cannot be forecast (missing, not runnable, unreadable). */
  FORECAST_NOT_CALCULABLE: 45273,
  /** last_error_code of a forecast whose calculation the engine's stop interrupted. */
  FORECAST_INTERRUPTED: 45280,
  /** An unknown forecast id. */
  FORECAST_NOT_FOUND: 45281,
  /** The health check's answer when no primary work process (scheduler) runs. */
  NO_PRIMARY_WORK_PROCESS: 45290,
  /** 503: another process holds the database's write lock (or a statement waited too long); nothing was written. */
  DATABASE_BUSY: 45291,
  /** 503: the database cannot grow (its disk is full, or a size limit is reached); nothing was written. */
  DATABASE_FULL: 45292,
  /** 429: a console session asked for one more live event stream than it may hold open at once. */
  TOO_MANY_EVENT_STREAMS: 45293,
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];
