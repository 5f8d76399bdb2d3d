/** A JSON object of the OpenAPI document, read without assuming its shape. */
export type Json = Record<string, unknown>;

/** `value` if it is a JSON object, else an empty one. */
export function record(value: unknown): Json {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Json) : {};
}

/** `value` if it is an array, else an empty one. */
export function array(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
