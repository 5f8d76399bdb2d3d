import { z } from "zod";

/**
 * A JSON column whose text does not read as what the store wrote there: a database changed by
 * hand, or by a bug. It names the table and the row, so that an operator can find it; the engine
 * never reads such a value as empty.
 */
export class StoredDataError extends Error {
  constructor(
    /** The table and its column, as `objects.body`. */
    readonly column: string,
    /** The row, as `client 100, name NIGHTLY.BACKUP`. */
    readonly key: string,
    reason: string,
  ) {
    super(`${column} (${key}): the stored JSON does not read: ${reason}`);
    this.name = "StoredDataError";
  }
}

/**
 * Reads the JSON `text` of `column` (`table.column`) with `schema`; `key` names the row (such as
 * `client 100, name NIGHTLY.BACKUP`). The one place that turns stored text into a typed value:
 * what the schema leaves loose (unknown members of an object body) comes through as stored.
 */
export function parseStored<T>(schema: z.ZodType<T>, text: string, column: string, key: string): T {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new StoredDataError(column, key, error instanceof Error ? error.message : String(error));
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new StoredDataError(column, key, z.prettifyError(parsed.error).replaceAll("\n", "; "));
  return parsed.data;
}
