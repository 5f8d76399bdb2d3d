import type { Operation, Schema } from "./openapi-document";

const SCHEMA_PREFIX = "#/components/schemas/";

/** "#/components/schemas/OutExecution" → "OutExecution"; undefined for any other reference. */
export function schemaRefName(ref: string | undefined): string | undefined {
  if (ref === undefined || !ref.startsWith(SCHEMA_PREFIX)) return undefined;
  const name = ref.slice(SCHEMA_PREFIX.length);
  // A JSON pointer segment: "~1" stands for "/", "~0" for "~".
  return name === "" || name.includes("/") ? undefined : name.replaceAll("~1", "/").replaceAll("~0", "~");
}

export interface ResolvedSchema {
  /** The component the schema was found under; undefined when it was not a reference. */
  name: string | undefined;
  schema: Schema;
}

/**
 * The schema a `$ref` points at, following references to references. Undefined when the target
 * is missing or the references go round in a circle (A → B → A), which has no schema to show.
 */
export function resolveSchema(schema: Schema, schemas: Readonly<Record<string, Schema>>): ResolvedSchema | undefined {
  let current = schema;
  let name: string | undefined;
  const seen = new Set<string>();
  while (current.$ref !== undefined) {
    const next = schemaRefName(current.$ref);
    if (next === undefined || seen.has(next) || !Object.hasOwn(schemas, next)) return undefined;
    const target = schemas[next];
    if (target === undefined) return undefined;
    seen.add(next);
    name = next;
    current = target;
  }
  return { name, schema: current };
}

/** Every component a schema refers to, directly or inside its properties, items and options. */
export function referencedNames(schema: Schema, into: Set<string> = new Set()): Set<string> {
  const name = schemaRefName(schema.$ref);
  if (name !== undefined) into.add(name);
  for (const child of Object.values(schema.properties ?? {})) referencedNames(child, into);
  for (const list of [schema.anyOf, schema.oneOf, schema.allOf]) for (const child of list ?? []) referencedNames(child, into);
  if (schema.items) referencedNames(schema.items, into);
  if (schema.not) referencedNames(schema.not, into);
  if (typeof schema.additionalProperties === "object") referencedNames(schema.additionalProperties, into);
  return into;
}

/** Where a component is used: the operations and the other components that refer to it directly. */
export function usagesOf(name: string, operations: readonly Operation[], schemas: Readonly<Record<string, Schema>>): { operations: Operation[]; schemas: string[] } {
  const refersTo = (schema: Schema | undefined) => schema !== undefined && referencedNames(schema).has(name);
  return {
    operations: operations.filter(
      (op) =>
        op.parameters.some((p) => refersTo(p.schema)) ||
        (op.requestBody?.content.some((m) => refersTo(m.schema)) ?? false) ||
        op.responses.some((r) => r.content.some((m) => refersTo(m.schema))),
    ),
    schemas: Object.entries(schemas)
      .filter(([other, schema]) => other !== name && refersTo(schema))
      .map(([other]) => other),
  };
}
