import type { IncomingHttpHeaders, IncomingMessage } from "node:http";

/** The engine's address as the request reached it (scheme and Host), for links an agent is to follow. */
export function requestOrigin(req: IncomingMessage): string {
  const secure = "encrypted" in req.socket && req.socket.encrypted === true;
  return `${secure ? "https" : "http"}://${req.headers.host ?? "localhost"}`;
}

/**
 * Whether a request may come from a browser page: it carries no Origin (programs, and the console,
 * whose backend calls the API itself) or the origin of the server it reached, and the browser does
 * not say it comes from another site (Sec-Fetch-Site, which it sends with an image's GET too). A
 * page of another site may send a form or load an image from the API, and the browser adds a Basic
 * login it remembers.
 */
export function fromOwnOrigin(headers: IncomingHttpHeaders): boolean {
  const site = headers["sec-fetch-site"];
  if (site === "cross-site" || site === "same-site") return false;
  const origin = headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === headers.host;
  } catch {
    return false;
  }
}
