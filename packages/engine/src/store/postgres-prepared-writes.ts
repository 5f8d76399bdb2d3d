import { createHash } from "node:crypto";
import type pg from "pg";

/** Writes worth preparing: the engine's own inserts, updates and deletes of a row or a few. */
const WRITE = /^(insert|update|delete)\s/i;
/** Longer texts are multi-row writes of varying size (imports): each text would be prepared once and kept. */
const MAX_PREPARED_TEXT = 4_000;
/** Distinct texts a process prepares at most; beyond, further texts run unprepared. */
const MAX_PREPARED_TEXTS = 500;

/**
 * Has every connection of the pool prepare the engine's writes once and run them by name after:
 * node-postgres sends a query without a name as an unnamed statement, which PostgreSQL parses and
 * plans again at every run, and for the single-row writes of an execution's life that is most of
 * the server's work (an execution's row, events and reports: 20 statements, 2.2 ms of server CPU
 * against 0.9 ms executing them). The name is a hash of the text, so each connection prepares a text
 * the first time it runs it. Reads stay unprepared: a list's plan depends on its parameters (a name
 * pattern's prefix, how many rows a status has), which a generic plan cannot see.
 */
export function prepareWrites(pool: pg.Pool): void {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    if (text.length > MAX_PREPARED_TEXT || !WRITE.test(text)) return undefined;
    let name = names.get(text);
    if (name === undefined && names.size < MAX_PREPARED_TEXTS) {
      name = `baton_${createHash("sha1").update(text).digest("base64url").slice(0, 22)}`;
      names.set(text, name);
    }
    return name;
  };
  pool.on("connect", (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    // Kysely calls query(text, values) for statements and query(cursor) for streams.
    const named = (...args: unknown[]) => {
      const [text, values] = args;
      const name = typeof text === "string" && Array.isArray(values) ? nameOf(text) : undefined;
      return name === undefined ? query(...args) : query({ name, text, values });
    };
    Object.assign(client, { query: named });
  });
}
