/**
 * What the search reads of each object besides the objects row, derived from its body when it is
 * written (domain/search-fields.ts). The text columns are in the database's text index: an FTS5
 * trigram table (SQLite) or pg_trgm GIN indexes (PostgreSQL), see migration 0012.
 */
export interface ObjectSearchTable {
  object_id: number;
  title: string | null;
  archive_key1: string | null;
  archive_key2: string | null;
  platform: string | null;
  sub_type: string | null;
  agent: string | null;
  login: string | null;
  process: string | null;
  documentation: string | null;
}

/** Entries of static VARA objects: one row per key and value (value null for a key without values). */
export interface ObjectSearchVariablesTable {
  object_id: number;
  /** The entry's row in `static_values`. */
  position: number;
  key: string;
  value: string | null;
}

/** Events of calendars (CALE), with their validity in epoch milliseconds (day starts, UTC). */
export interface ObjectSearchEventsTable {
  object_id: number;
  /** The event's place in `events`. */
  position: number;
  name: string;
  ctype: string;
  valid_from: number | null;
  valid_to: number | null;
  /** Calendars of a group event (JSON array of names). */
  child_calendars: string;
}
