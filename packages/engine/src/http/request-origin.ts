import type { IncomingMessage } from "node:http";

/** The engine's address as the request reached it (scheme and Host), for links an agent is to follow. */
export function requestOrigin(req: IncomingMessage): string {
  const secure = "encrypted" in req.socket && req.socket.encrypted === true;
  return `${secure ? "https" : "http"}://${req.headers.host ?? "localhost"}`;
}
