import { ApiError, isConflict, NetworkError, ResponseShapeError } from "./api-client";

export interface ErrorDescription {
  /** One line: what went wrong. */
  title: string;
  /** What the server said, one entry per problem (message, details, path). */
  lines: string[];
  /** What the user can do about it. */
  hint: string | null;
}

function hintForStatus(status: number): string | null {
  if (status === 400) return "Correct the input and try again.";
  if (status === 401) return "Your session has ended. Log in again.";
  if (status === 403) return "Your user lacks the privilege or authorization for this. Ask an administrator.";
  if (status === 404) return "Check the name or number; it may have been deleted.";
  if (status === 405) return "The server does not allow this operation here.";
  if (status === 413) return "The request is too large. Split it into smaller parts.";
  if (status === 429) return "Too many attempts in a short time. Wait a minute, then try again.";
  if (status >= 500) return "The server failed to handle the request. Try again; if it keeps failing, look at the server log.";
  return null;
}

/** Words for any error a request can throw, for alerts and inline messages. */
export function describeError(error: unknown): ErrorDescription {
  if (error instanceof ApiError) {
    // A conflict is a 400 with its own code (the interface has no 409): it needs another hint than bad input.
    const hint = isConflict(error) ? "It already exists. Choose to overwrite it or use another name." : hintForStatus(error.status);
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
      hint: "Check your network connection and that the server is running, then try again.",
    };
  }
  if (error instanceof ResponseShapeError) {
    return {
      title: "The server sent an answer the console does not understand.",
      lines: [...error.issues],
      hint: "The console and the server may be different versions. Reload the page; if it persists, tell an administrator.",
    };
  }
  if (error instanceof Error) return { title: error.message, lines: [], hint: null };
  return { title: "Something went wrong.", lines: [], hint: null };
}
