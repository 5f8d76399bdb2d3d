import { wildcardParts } from "@baton/contract";

/**
 * Turns a name pattern with the `*` (any run) and `?` (one character) wildcards into a SQL LIKE
 * pattern, escaping LIKE's own metacharacters with `\`. The pattern is read as the contract's
 * in-memory matcher reads it (wildcardParts), so a query and a live list agree on what matches.
 */
export function wildcardToLike(pattern: string): string {
  return wildcardParts(pattern)
    .map((part) => (part === "*" ? "%" : part === "?" ? "_" : part.text.replace(/[%_\\]/g, "\\$&")))
    .join("");
}
