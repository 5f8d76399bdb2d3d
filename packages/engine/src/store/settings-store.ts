import { isRecord } from "@baton/contract";
import type { Kysely } from "kysely";
import { findObject } from "./objects-store";
import type { Database } from "./schema";

/** One row of a settings variable: its key (trimmed, upper case) and `value1` (trimmed). */
export interface SettingRow {
  key: string;
  value: string;
}

/**
 * The rows of a static VARA that holds settings (UC_CLIENT_SETTINGS, UC_SYSTEM_SETTINGS,
 * UC_CALLBACK_SETTINGS), in their order; none when the client has no such variable. The variable
 * is an ordinary object any import may write, so a row that is not an object is skipped.
 */
export async function readSettingRows(db: Kysely<Database>, client: number, variable: string): Promise<SettingRow[]> {
  const rows = (await findObject(db, client, variable))?.body["static_values"];
  if (!Array.isArray(rows)) return [];
  return rows.filter(isRecord).map((row) => ({ key: String(row["key"] ?? "").trim().toUpperCase(), value: String(row["value1"] ?? "").trim() }));
}
