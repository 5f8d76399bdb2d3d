/**
 * Turns a name pattern with the `*` (any run) and `?` (one character) wildcards into a SQL LIKE
 * pattern, escaping LIKE's own metacharacters with `\`.
 */
export function wildcardToLike(pattern: string): string {
  let like = "";
  for (const ch of pattern) {
    if (ch === "*") like += "%";
    else if (ch === "?") like += "_";
    else if (ch === "%" || ch === "_" || ch === "\\") like += `\\${ch}`;
    else like += ch;
  }
  return like;
}

export function hasWildcard(pattern: string): boolean {
  return pattern.includes("*") || pattern.includes("?");
}
