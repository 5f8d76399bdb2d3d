import type { Schema } from "../api/openapi-document";
import { schemaRefName } from "../api/schema-ref";

/** A schema's type in a few words, with the components it names kept apart so they can be links. */
export type TypeSummary =
  | { kind: "ref"; name: string }
  | { kind: "type"; type: string; format?: string }
  | { kind: "array"; items: TypeSummary }
  | { kind: "map"; values: TypeSummary }
  | { kind: "union"; options: TypeSummary[] }
  | { kind: "all"; parts: TypeSummary[] }
  | { kind: "const"; value: unknown }
  | { kind: "any" }
  | { kind: "never" };

function withoutType(schema: Schema): Schema {
  const { type: _type, ...rest } = schema;
  return rest;
}

function union(options: TypeSummary[]): TypeSummary {
  const flat = options.flatMap((o) => (o.kind === "union" ? o.options : [o]));
  const unique = flat.filter((o, i) => flat.findIndex((other) => summaryText(other) === summaryText(o)) === i);
  return unique.length === 1 && unique[0] ? unique[0] : { kind: "union", options: unique };
}

function isEmptySchema(schema: Schema): boolean {
  return Object.keys(schema).length === 0;
}

/** What kind of value a schema describes: `integer (int32)`, `array of OutExecution`, `string | null`. */
export function summarizeSchema(schema: Schema): TypeSummary {
  if (schema.$ref !== undefined) {
    const name = schemaRefName(schema.$ref);
    return name === undefined ? { kind: "type", type: schema.$ref } : { kind: "ref", name };
  }
  if (schema.const !== undefined) return { kind: "const", value: schema.const.value };
  const options = schema.anyOf ?? schema.oneOf;
  if (options !== undefined && options.length > 0) return union(options.map(summarizeSchema));
  if (schema.allOf !== undefined && schema.allOf.length > 0) {
    const parts = schema.allOf.map(summarizeSchema);
    return parts.length === 1 && parts[0] ? parts[0] : { kind: "all", parts };
  }
  const types = schema.type ?? [];
  if (types.length > 1) return union(types.map((type) => summarizeSchema({ ...withoutType(schema), type: [type] })));
  const type = types[0] ?? (schema.properties ? "object" : schema.items ? "array" : undefined);
  if (type === undefined) {
    if (schema.not !== undefined && isEmptySchema(schema.not)) return { kind: "never" };
    return { kind: "any" };
  }
  let summary: TypeSummary;
  if (type === "array") summary = { kind: "array", items: schema.items ? summarizeSchema(schema.items) : { kind: "any" } };
  else if (type === "object" && !schema.properties && typeof schema.additionalProperties === "object") summary = { kind: "map", values: summarizeSchema(schema.additionalProperties) };
  else summary = schema.format ? { kind: "type", type, format: schema.format } : { kind: "type", type };
  return schema.nullable ? union([summary, { kind: "type", type: "null" }]) : summary;
}

function nested(summary: TypeSummary): string {
  const text = summaryText(summary);
  return summary.kind === "union" || summary.kind === "all" ? `(${text})` : text;
}

/** The summary as plain text, as it reads on screen. */
export function summaryText(summary: TypeSummary): string {
  switch (summary.kind) {
    case "ref":
      return summary.name;
    case "type":
      return summary.format ? `${summary.type} (${summary.format})` : summary.type;
    case "array":
      return `array of ${nested(summary.items)}`;
    case "map":
      return `map of ${nested(summary.values)}`;
    case "union":
      return summary.options.map(summaryText).join(" | ");
    case "all":
      return summary.parts.map(nested).join(" & ");
    case "const":
      return JSON.stringify(summary.value) ?? "undefined";
    case "any":
      return "any";
    case "never":
      return "nothing";
  }
}

const INT32 = { min: -2147483648, max: 2147483647 };
const SAFE_INTEGER = { min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER };

function range(min: number | undefined, max: number | undefined, what: string): string | undefined {
  if (min !== undefined && max !== undefined) return min === max ? `${what} ${min}` : `${what} ${min}–${max}`;
  if (min !== undefined) return `${what} ≥ ${min}`;
  if (max !== undefined) return `${what} ≤ ${max}`;
  return undefined;
}

function valueRange(schema: Schema): string | undefined {
  const { minimum: min, maximum: max } = schema;
  // The bounds zod writes for every int32 or safe integer say no more than the type does.
  if (min === SAFE_INTEGER.min && max === SAFE_INTEGER.max) return undefined;
  if (min === INT32.min && max === INT32.max) return schema.format === "int32" ? undefined : "32-bit integer";
  const parts = [
    min !== undefined && max !== undefined ? `${min} to ${max}` : undefined,
    min !== undefined && max === undefined ? `≥ ${min}` : undefined,
    max !== undefined && min === undefined ? `≤ ${max}` : undefined,
    schema.exclusiveMinimum !== undefined ? `> ${schema.exclusiveMinimum}` : undefined,
    schema.exclusiveMaximum !== undefined ? `< ${schema.exclusiveMaximum}` : undefined,
  ].filter((p): p is string => p !== undefined);
  return parts.length > 0 ? parts.join(", ") : undefined;
}

/**
 * The limits a value must keep, in words: "0 to 9999", "length 1–1024", "items ≥ 1", "default 50".
 * Enum values and the pattern are shown on their own (they can be long).
 */
export function constraintsOf(schema: Schema): string[] {
  return [
    valueRange(schema),
    schema.multipleOf !== undefined ? `multiple of ${schema.multipleOf}` : undefined,
    range(schema.minLength, schema.maxLength, "length"),
    range(schema.minItems, schema.maxItems, "items"),
    schema.contentMediaType ? `content ${schema.contentMediaType}` : undefined,
    schema.default !== undefined ? `default ${JSON.stringify(schema.default.value)}` : undefined,
    schema.readOnly ? "read-only" : undefined,
    schema.writeOnly ? "write-only" : undefined,
    schema.deprecated ? "deprecated" : undefined,
  ].filter((c): c is string => c !== undefined);
}
