import { ApiError, isApiError, isConflict, NetworkError, ResponseShapeError } from "./api-client";

export interface ErrorDescription {
  /** One line: what went wrong. */
  title: string;
  /** What the server said, one entry per problem (message, details, path). */
  lines: string[];
  /** What the user can do about it. */
  hint: string | null;
}

/** What a refusal (403) says the user lacks: a privilege (`SYSTEM_OVERVIEW`) or a right on an object (`execute on JOBS 'X'`). */
export interface MissingAccess {
  kind: "privilege" | "right";
  name: string;
}

/** The engine's words for a refusal: `'Missing privilege': SYSTEM_OVERVIEW for user X/Y: Access denied` (docs/security.md). */
const MISSING_ACCESS = /'Missing (privilege|right)': (.+?) for user /;

/** The privilege or right a 403 names, or null for any other error (or a 403 that names none). */
export function missingAccess(error: unknown): MissingAccess | null {
  if (!isApiError(error, 403)) return null;
  for (const problem of error.problems) {
    const match = MISSING_ACCESS.exec(problem.details ?? "");
    if (match?.[1] === "privilege" || match?.[1] === "right") return { kind: match[1], name: match[2] ?? "" };
  }
  return null;
}

/** What to do about a refusal: it is never an outage, and only an administrator can grant what is missing. */
function refusalHint(error: ApiError): string {
  const missing = missingAccess(error);
  if (missing === null) return "The server refused this; its reason is above. If your user needs it, ask an administrator.";
  return `This needs the ${missing.kind} ${missing.name}, which your user does not have. Ask an administrator to grant it.`;
}

function hintForStatus(status: number): string | null {
  if (status === 400) return "Correct the input and try again.";
  if (status === 401) return "Your session has ended. Log in again.";
  if (status === 404) return "Check the name or number; it may have been deleted.";
  if (status === 405) return "The server does not allow this operation here.";
  if (status === 413) return "The request is too large. Split it into smaller parts.";
  if (status === 429) return "Too many attempts in a short time. Wait a minute, then try again.";
  if (status >= 500) return "The server failed to handle the request. Try again; if it keeps failing, look at the server log.";
  return null;
}

/**
 * Words for any error a request can throw, for alerts and inline messages. `screenHint` is what the
 * screen advises for the errors it expects; a refusal (403) is never one of them: whatever the
 * screen expected (an outage, a wrong name), it says what the user lacks and whom to ask.
 */
export function describeError(error: unknown, screenHint?: string): ErrorDescription {
  if (error instanceof ApiError) {
    // A conflict is a 400 with its own code (the interface has no 409): it needs another hint than bad input.
    const hint = error.status === 403 ? refusalHint(error) : (screenHint ?? (isConflict(error) ? "It already exists. Choose to overwrite it or use another name." : hintForStatus(error.status)));
    // Validation errors (OutValidationError[]): say where each problem is.
    if (error.problems.some((p) => p.path !== null)) {
      const lines = error.problems.map((p) => (p.path ? `${p.path}: ${p.message}` : p.message));
      if (lines.length === 1) return { title: lines[0] ?? "", lines: [], hint };
      return { title: `The server found ${lines.length} problems:`, lines, hint };
    }
    const [first, ...rest] = error.problems;
    const lines: string[] = [];
    if (first?.details) lines.push(first.details);
    for (const problem of rest) lines.push([problem.message, problem.details].filter(Boolean).join(" — "));
    return { title: first?.message ?? `The server answered ${error.status}.`, lines, hint };
  }
  if (error instanceof NetworkError) {
    return {
      title: "The Baton server cannot be reached.",
      lines: [],
      hint: screenHint ?? "Check your network connection and that the server is running, then try again.",
    };
  }
  if (error instanceof ResponseShapeError) {
    return {
      title: "The server sent an answer the console does not understand.",
      lines: [...error.issues],
      hint: screenHint ?? "The console and the server may be different versions. Reload the page; if it persists, tell an administrator.",
    };
  }
  if (error instanceof Error) return { title: error.message, lines: [], hint: screenHint ?? null };
  return { title: "Something went wrong.", lines: [], hint: screenHint ?? null };
}
