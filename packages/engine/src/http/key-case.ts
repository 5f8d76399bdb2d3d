import { isRecord } from "@baton/contract";

/** snake_case → camelCase: `object_name` → `objectName`. */
export function camelCase(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_, ch: string) => ch.toUpperCase());
}

/** camelCase → snake_case: `objectName` → `object_name`. */
export function snakeCase(key: string): string {
  return key.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`);
}

/**
 * Renames snake_case keys of a request body to the spec's camelCase (older clients send
 * `object_name`, `execution_option`, ...). Keys under the names in `opaque` are user data
 * (prompt inputs, HTTP headers) and are kept as sent. A camelCase key wins over its snake twin.
 * It recurses once per level of nesting: bodies reach it only after the router refused any deeper
 * than MAX_JSON_DEPTH (json-depth.ts).
 */
export function camelCaseKeys(value: unknown, opaque: ReadonlySet<string>): unknown {
  if (Array.isArray(value)) return value.map((v) => camelCaseKeys(v, opaque));
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    const camel = camelCase(key);
    if (camel !== key && Object.hasOwn(value, camel)) continue;
    out[camel] = opaque.has(camel) ? inner : camelCaseKeys(inner, opaque);
  }
  return out;
}
