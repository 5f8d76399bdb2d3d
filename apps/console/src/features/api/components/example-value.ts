import type { Schema } from "../api/openapi-document";
import { resolveSchema, schemaRefName } from "../api/schema-ref";

function exampleString(schema: Schema): string {
  if (schema.format === "date-time") return "2025-01-01T00:00:00Z";
  if (schema.format === "date") return "2025-01-01";
  return "";
}

function exampleNumber(schema: Schema): number {
  if (schema.minimum !== undefined && schema.minimum > 0) return schema.minimum;
  if (schema.maximum !== undefined && schema.maximum < 0) return schema.maximum;
  return 0;
}

function example(schema: Schema, schemas: Readonly<Record<string, Schema>>, open: ReadonlySet<string>): unknown {
  if (schema.$ref !== undefined) {
    const name = schemaRefName(schema.$ref);
    const resolved = resolveSchema(schema, schemas);
    // A component already being filled in (A → B → A) would never end.
    if (name === undefined || resolved === undefined || open.has(name)) return null;
    return example(resolved.schema, schemas, new Set([...open, name]));
  }
  if (schema.const !== undefined) return schema.const.value;
  if (schema.default !== undefined) return schema.default.value;
  if (schema.enum !== undefined && schema.enum.length > 0) return schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf;
  if (options !== undefined) {
    const first = options.find((o) => !(o.type?.length === 1 && o.type[0] === "null")) ?? options[0];
    return first ? example(first, schemas, open) : null;
  }
  if (schema.allOf !== undefined) {
    const parts = schema.allOf.map((part) => example(part, schemas, open));
    return parts.every((p) => typeof p === "object" && p !== null && !Array.isArray(p)) ? Object.assign({}, ...parts) : (parts[0] ?? null);
  }
  const type = schema.type?.find((t) => t !== "null") ?? (schema.properties ? "object" : schema.items ? "array" : undefined);
  switch (type) {
    case "object": {
      const required = new Set(schema.required ?? []);
      const entries = Object.entries(schema.properties ?? {}).filter(([name]) => required.has(name));
      return Object.fromEntries(entries.map(([name, property]) => [name, example(property, schemas, open)]));
    }
    case "array":
      return schema.items && (schema.minItems ?? 0) > 0 ? [example(schema.items, schemas, open)] : [];
    case "string":
      return exampleString(schema);
    case "integer":
    case "number":
      return exampleNumber(schema);
    case "boolean":
      return false;
    default:
      return null;
  }
}

/**
 * A value to start a request body from: the required properties only, each with its default,
 * first enum value or an empty value of its type. The server says what else it needs.
 */
export function exampleValue(schema: Schema, schemas: Readonly<Record<string, Schema>>): unknown {
  return example(schema, schemas, new Set());
}
