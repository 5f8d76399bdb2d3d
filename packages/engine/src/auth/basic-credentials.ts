import { isUtf8 } from "node:buffer";

/** Login data of an HTTP Basic header: USER:PASS, USER/DEPT:PASS or CLIENT/USER/DEPT:PASS. */
export interface Credentials {
  client?: number | undefined;
  user: string;
  department?: string | undefined;
  password: string;
}

/**
 * Parses an `Authorization: Basic ...` header. The user-pass part is ISO-8859-1, as the interface
 * prescribes (and Python's requests sends), unless its bytes beyond ASCII are UTF-8, as curl
 * typed in a UTF-8 terminal and Node clients send: no ISO-8859-1 password a person types (é, ß, ü
 * between letters) reads as UTF-8, and a password beyond ISO-8859-1 (€) can only be sent so.
 * Returns null for anything that is not well-formed Basic login data.
 */
export function parseBasicAuthorization(header: string | undefined): Credentials | null {
  if (header === undefined) return null;
  const match = /^Basic\s+([A-Za-z0-9+/]+={0,2})\s*$/i.exec(header);
  if (!match?.[1]) return null;
  const bytes = Buffer.from(match[1], "base64");
  const decoded = bytes.toString(isUtf8(bytes) ? "utf8" : "latin1");
  const colon = decoded.indexOf(":");
  if (colon <= 0) return null;
  const password = decoded.slice(colon + 1);
  const parts = decoded.slice(0, colon).split("/");
  if (parts.some((p) => p.length === 0)) return null;
  if (parts.length === 1) return { user: parts[0]!.toUpperCase(), password };
  if (parts.length === 2) return { user: parts[0]!.toUpperCase(), department: parts[1]!.toUpperCase(), password };
  if (parts.length === 3 && /^\d{1,4}$/.test(parts[0]!)) {
    return { client: Number(parts[0]), user: parts[1]!.toUpperCase(), department: parts[2]!.toUpperCase(), password };
  }
  return null;
}

/** Encodes login data as a Basic header value (UTF-8, which carries every password), for clients such as the BFF. */
export function basicAuthorization(credentials: Credentials): string {
  const userPart = [credentials.client, credentials.user, credentials.department].filter((p) => p !== undefined && p !== "").join("/");
  return `Basic ${Buffer.from(`${userPart}:${credentials.password}`, "utf8").toString("base64")}`;
}
