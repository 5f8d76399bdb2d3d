/** A JSON value as an object export holds it. */
type Json = unknown;

const isRecord = (value: Json): value is Record<string, Json> => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Applies a partial export to an object's body (PATCH /objects/{name}): members of the patch that
 * are objects merge into the body's member of that name, member by member; every other value (a
 * string, a number, null, an array such as a script page or a workflow's task list) replaces what
 * the body had. Members the patch does not name stay as they are. Pure: returns a new body.
 */
export function applyObjectPatch(body: Readonly<Record<string, Json>>, patch: Readonly<Record<string, Json>>): Record<string, Json> {
  const merged: Record<string, Json> = { ...body };
  for (const [key, value] of Object.entries(patch)) {
    // Own members only, defined rather than assigned: a member named `__proto__` stays a member.
    const current = Object.hasOwn(merged, key) ? merged[key] : undefined;
    Object.defineProperty(merged, key, { value: isRecord(value) && isRecord(current) ? applyObjectPatch(current, value) : value, enumerable: true, writable: true, configurable: true });
  }
  return merged;
}
