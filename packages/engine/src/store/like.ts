import { sql, type RawBuilder } from "kysely";
import { wildcardToLike } from "../domain/wildcard";

/**
 * `column LIKE pattern` for a pattern with `*`/`?` wildcards, with `\` as the escape character
 * in both dialects (SQLite has none by default).
 */
export function matchesWildcard(column: string, pattern: string): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(column)} like ${wildcardToLike(pattern)} escape '\\'`;
}
