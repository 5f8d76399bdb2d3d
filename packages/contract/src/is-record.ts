/** Whether a parsed JSON value is an object (not null, not an array): a body, or one of its members. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
