import { request } from "node:http";

/** What a request from a chosen address got back. */
export interface AddressedAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** The parts of a fetch RequestInit this sends: a string body only. */
export type AddressedRequest = Pick<RequestInit, "method" | "headers" | "body">;

/**
 * One HTTP request from the local address `from` (any of 127.0.0.0/8 on the loopback network), so
 * that a test can act as several parties the login throttle tells apart by address; fetch cannot
 * choose its source address.
 */
export function requestFrom(from: string, url: string, options: AddressedRequest = {}): Promise<AddressedAnswer> {
  const headers: Record<string, string> = {};
  new Headers(options.headers).forEach((value, key) => (headers[key] = value));
  const body = typeof options.body === "string" ? options.body : undefined;
  if (body !== undefined) headers["content-length"] = String(Buffer.byteLength(body));
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? "GET", headers, localAddress: from }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end(body);
  });
}
