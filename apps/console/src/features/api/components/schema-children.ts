import type { Schema } from "../api/openapi-document";

/** One row under a schema in the tree: a property, or one of the shapes a value may have. */
export interface SchemaChild {
  label: string;
  kind: "property" | "option" | "part" | "values";
  required: boolean;
  schema: Schema;
}

function isNull(schema: Schema): boolean {
  return schema.type?.length === 1 && schema.type[0] === "null";
}

/**
 * The schema whose parts a tree row shows when opened: through arrays, maps and "X or null" to the
 * shape inside, so `array of OutExecution` opens on an execution's properties, not on "items".
 */
export function innerSchema(schema: Schema): Schema {
  let current = schema;
  for (let depth = 0; depth < 16; depth += 1) {
    const options = current.anyOf ?? current.oneOf;
    const nonNull = options?.filter((o) => !isNull(o));
    if (nonNull?.length === 1 && nonNull[0]) current = nonNull[0];
    else if (current.items && !current.properties && (current.type === undefined || current.type.includes("array"))) current = current.items;
    else if (!current.properties && typeof current.additionalProperties === "object" && Object.keys(current.additionalProperties).length > 0) current = current.additionalProperties;
    else return current;
  }
  return current;
}

/** The rows directly under a schema (not following `$ref`s: the tree decides when to open one). */
export function childrenOf(schema: Schema): SchemaChild[] {
  const inner = innerSchema(schema);
  if (inner.$ref !== undefined) return [];
  const required = new Set(inner.required ?? []);
  const rows: SchemaChild[] = Object.entries(inner.properties ?? {}).map(([name, property]) => ({ label: name, kind: "property", required: required.has(name), schema: property }));
  if (inner.properties && typeof inner.additionalProperties === "object" && Object.keys(inner.additionalProperties).length > 0) {
    rows.push({ label: "any other key", kind: "values", required: false, schema: inner.additionalProperties });
  }
  const options = (inner.anyOf ?? inner.oneOf ?? []).filter((o) => !isNull(o));
  if (options.length > 1) rows.push(...options.map((option, i) => ({ label: `option ${i + 1}`, kind: "option" as const, required: false, schema: option })));
  if ((inner.allOf?.length ?? 0) > 1) rows.push(...(inner.allOf ?? []).map((part, i) => ({ label: `part ${i + 1}`, kind: "part" as const, required: false, schema: part })));
  return rows;
}
