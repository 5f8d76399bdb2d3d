/** Login data of an HTTP Basic header: USER:PASS, USER/DEPT:PASS or CLIENT/USER/DEPT:PASS. */
export interface Credentials {
  client?: number | undefined;
  user: string;
  department?: string | undefined;
  password: string;
}

/**
 * Parses an `Authorization: Basic ...` header. The user-pass part is ISO-8859-1, as the
 * interface prescribes. Returns null for anything that is not well-formed Basic login data.
 */
export function parseBasicAuthorization(header: string | undefined): Credentials | null {
  if (header === undefined) return null;
  const match = /^Basic\s+([A-Za-z0-9+/]+={0,2})\s*$/i.exec(header);
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], "base64").toString("latin1");
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

/** Encodes login data as a Basic header value (ISO-8859-1), for clients such as the BFF. */
export function basicAuthorization(credentials: Credentials): string {
  const userPart = [credentials.client, credentials.user, credentials.department].filter((p) => p !== undefined && p !== "").join("/");
  return `Basic ${Buffer.from(`${userPart}:${credentials.password}`, "latin1").toString("base64")}`;
}
