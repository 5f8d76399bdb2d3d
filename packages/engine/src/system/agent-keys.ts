import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/*
 * An agent's credential is a 256-bit random secret of which only the SHA-256 is stored: guessing
 * one is out of reach, so a fast hash stores it safely.
 */

/** A new agent credential. */
export function newAgentKey(): string {
  return randomBytes(32).toString("base64url");
}

/** What is stored of an agent credential. */
export function hashKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** Whether two secrets are equal, in a time that does not tell how much of them matched. */
export function sameText(a: string, b: string): boolean {
  const left = createHash("sha256").update(a).digest();
  const right = createHash("sha256").update(b).digest();
  return timingSafeEqual(left, right);
}
