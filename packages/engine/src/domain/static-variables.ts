import { isRecord } from "@baton/contract";
import type { ObjectBody } from "@baton/contract";

/** Columns value1..value5 of a static VARA row. */
export const VARA_COLUMNS = 5;

export interface VaraRow {
  key: string;
  values: string[];
}

/** The rows of a static VARA body (`static_values: [{key, value1..value5}]`). */
export function varaRows(body: ObjectBody): VaraRow[] {
  const rows = body["static_values"];
  if (!Array.isArray(rows)) return [];
  return rows.filter(isRecord).map((row) => ({
    key: String(row["key"] ?? ""),
    values: Array.from({ length: VARA_COLUMNS }, (_, i) => {
      const value = row[`value${i + 1}`];
      return value === undefined || value === null ? "" : String(value);
    }),
  }));
}

/** The body with the row of `key` set to `values` (replacing it, or appended when new). Keys match case-insensitively. */
export function withVaraRow(body: ObjectBody, key: string, values: readonly string[]): ObjectBody {
  const rows = Array.isArray(body["static_values"]) ? body["static_values"].filter(isRecord) : [];
  const row: Record<string, unknown> = { key };
  values.slice(0, VARA_COLUMNS).forEach((value, i) => (row[`value${i + 1}`] = value));
  const index = rows.findIndex((r) => String(r["key"] ?? "").toUpperCase() === key.toUpperCase());
  const next = index >= 0 ? rows.map((r, i) => (i === index ? { ...r, ...row, key: r["key"] } : r)) : [...rows, row];
  return { ...body, static_values: next };
}
