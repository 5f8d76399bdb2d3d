import { z } from "zod";

/**
 * What parameters parsed from strings carry, for the OpenAPI document: `QueryInt` is documented as
 * an int32, `QueryFlag` as a boolean, `QueryList` as a comma-separated array.
 */
export const wireTypes = z.registry<Record<string, unknown>>();

/** Registers what `schema`, parsed from a string, carries; returns `schema`. */
export function carries<T extends z.ZodType>(schema: T, wire: Record<string, unknown>): T {
  wireTypes.add(schema, wire);
  return schema;
}

export const INT32 = { type: "integer", format: "int32" };
export const BOOLEAN = { type: "boolean" };
export const STRING_LIST = { type: "array", items: { type: "string" } };
