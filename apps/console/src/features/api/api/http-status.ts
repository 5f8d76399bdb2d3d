const PHRASES: Readonly<Record<number, string>> = {
  200: "OK",
  201: "Created",
  202: "Accepted",
  204: "No Content",
  301: "Moved Permanently",
  302: "Found",
  304: "Not Modified",
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  406: "Not Acceptable",
  409: "Conflict",
  410: "Gone",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  431: "Request Header Fields Too Large",
  500: "Internal Server Error",
  501: "Not Implemented",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

const MEANINGS: Readonly<Record<number, string>> = {
  200: "the request succeeded",
  201: "the request succeeded and created something",
  202: "the request was accepted and is being handled",
  204: "the request succeeded; there is nothing to show",
  400: "the input is not valid",
  401: "the login is not valid (the session may have ended)",
  403: "the user lacks the privilege or authorization",
  404: "it does not exist, or is not available in this client",
  405: "this method is not allowed here",
  409: "it conflicts with the current state",
  413: "the request is too large",
  429: "too many requests in a short time",
  431: "the request's headers are too large",
  500: "the server failed; its log has the details",
  502: "the engine could not be reached",
  503: "the engine is not available now",
};

export type StatusTone = "success" | "info" | "warning" | "error";

export interface StatusDescription {
  /** "Bad Request" */
  phrase: string;
  /** "the input is not valid" */
  meaning: string;
  tone: StatusTone;
}

function classOf(status: number): { phrase: string; meaning: string; tone: StatusTone } {
  if (status >= 200 && status < 300) return { phrase: "Success", meaning: "the request succeeded", tone: "success" };
  if (status >= 300 && status < 400) return { phrase: "Redirection", meaning: "the answer is elsewhere", tone: "info" };
  if (status >= 400 && status < 500) return { phrase: "Client Error", meaning: "the request was not accepted", tone: "warning" };
  if (status >= 500 && status < 600) return { phrase: "Server Error", meaning: "the server failed to handle the request", tone: "error" };
  return { phrase: "Unknown Status", meaning: "the server answered with a status HTTP does not define", tone: "info" };
}

/** An HTTP status in words: its reason phrase, what it means here, and how alarming it is. */
export function describeStatus(status: number): StatusDescription {
  const fallback = classOf(status);
  return { phrase: PHRASES[status] ?? fallback.phrase, meaning: MEANINGS[status] ?? fallback.meaning, tone: fallback.tone };
}

/** Milliseconds as "85 ms", "1.25 s" or "2 min 05 s". */
export function formatElapsed(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return "—";
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(2)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, "0")} s`;
}
