/**
 * The spellings clients generated from other descriptions of the interface use, derived from the
 * OpenAPI document: for a request in the document's own spelling, the same request as such a
 * client would send it. Used by compatibility.test.ts.
 */

export type JsonSchema = { [key: string]: unknown };

/** What a generated client changes in a body. */
export const BODY_SPELLINGS = ["snake_case names", "booleans as strings", "numbers as strings", "enum values upper case", "enum values capitalised"] as const;
export type BodySpelling = (typeof BODY_SPELLINGS)[number] | "all at once";

/** What a generated client changes in a query. */
export const QUERY_SPELLINGS = ["lists repeated", "flags upper case", "flags capitalised", "enum values upper case"] as const;
export type QuerySpelling = (typeof QUERY_SPELLINGS)[number];

/** A request as a generated client sends it, with the fields the spelling touched. */
export interface Spelled<T> {
  spelling: string;
  fields: string[];
  value: T;
}

/** A query parameter of the document. */
export interface QueryParameter {
  name: string;
  in: string;
  schema: JsonSchema;
}

/** One query, in order; a list parameter holds its values as a comma list. */
export type Query = ReadonlyArray<readonly [string, string]>;

/** What one spelling does to a scalar member of `schema`: the new value, or undefined when it leaves it. */
type ScalarRule = (schema: JsonSchema, value: unknown) => unknown;

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1).toLowerCase();
const enumValues = (schema: JsonSchema): unknown[] => (Array.isArray(schema.enum) ? schema.enum : "const" in schema ? [schema.const] : []);
const isStringEnum = (schema: JsonSchema) => enumValues(schema).some((v) => typeof v === "string");
const changed = (from: string, to: string) => (to === from ? undefined : to);

const SCALAR_RULES: Readonly<Record<Exclude<(typeof BODY_SPELLINGS)[number], "snake_case names">, ScalarRule>> = {
  "booleans as strings": (schema, value) => (schema.type === "boolean" && typeof value === "boolean" ? String(value) : undefined),
  "numbers as strings": (schema, value) => ((schema.type === "integer" || schema.type === "number") && typeof value === "number" ? String(value) : undefined),
  "enum values upper case": (schema, value) => (isStringEnum(schema) && typeof value === "string" ? changed(value, value.toUpperCase()) : undefined),
  "enum values capitalised": (schema, value) => (isStringEnum(schema) && typeof value === "string" ? changed(value, capitalised(value)) : undefined),
};

/** camelCase → snake_case. */
export function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`);
}

/** Reads `#/components/schemas/...` references of one document. */
export class SchemaReader {
  constructor(private readonly document: JsonSchema) {}

  /** `schema` with its reference followed. */
  resolve(schema: unknown): JsonSchema {
    let current = isObject(schema) ? schema : {};
    while (typeof current.$ref === "string") {
      const name = current.$ref.replace("#/components/schemas/", "");
      const components = ((this.document.components as JsonSchema).schemas ?? {}) as JsonSchema;
      current = { ...(components[name] as JsonSchema), ...withoutRef(current) };
    }
    return current;
  }

  /** The branches of a union, or the schema itself. */
  branches(schema: JsonSchema): JsonSchema[] {
    const union = (schema.oneOf ?? schema.anyOf) as unknown[] | undefined;
    return union === undefined ? [schema] : union.flatMap((branch) => this.branches(this.resolve(branch)));
  }

  /** The branch of `schema` that `value` takes (by type, and by the constants of object branches). */
  branchOf(schema: JsonSchema, value: unknown): JsonSchema {
    return this.branches(schema).find((branch) => this.fits(branch, value)) ?? schema;
  }

  private fits(schema: JsonSchema, value: unknown): boolean {
    const types = Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type];
    if (types.length > 0 && !types.includes(jsonType(value)) && !(types.includes("number") && jsonType(value) === "integer")) return false;
    if (!isObject(value) || !isObject(schema.properties)) return true;
    return Object.entries(schema.properties).every(([name, property]) => {
      const resolved = this.resolve(property);
      return !("const" in resolved) || value[name] === undefined || value[name] === resolved.const;
    });
  }
}

/**
 * Every member of a body schema a generated client may spell differently, as `path: spelling`
 * (e.g. `once.waitForManualRelease: booleans as strings`); arrays show as `[]`, map values as `*`.
 */
export function spellableMembers(reader: SchemaReader, schema: unknown, path = ""): Set<string> {
  const out = new Set<string>();
  for (const branch of reader.branches(reader.resolve(schema))) {
    for (const [spelling, rule] of Object.entries(SCALAR_RULES)) {
      if (samplesOf(branch).some((sample) => rule(branch, sample) !== undefined)) out.add(`${path}: ${spelling}`);
    }
    if (isObject(branch.properties)) {
      for (const [name, property] of Object.entries(branch.properties)) {
        const at = path === "" ? name : `${path}.${name}`;
        if (snakeCase(name) !== name) out.add(`${at}: snake_case names`);
        for (const member of spellableMembers(reader, property, at)) out.add(member);
      }
    }
    if (isObject(branch.additionalProperties)) for (const member of spellableMembers(reader, branch.additionalProperties, `${path}.*`)) out.add(member);
    if (branch.items !== undefined) for (const member of spellableMembers(reader, branch.items, `${path}[]`)) out.add(member);
  }
  return out;
}

/**
 * `body` in each spelling that changes it, one spelling at a time and then all together; the
 * fields are named as spellableMembers names them.
 */
export function bodySpellings(reader: SchemaReader, schema: unknown, body: unknown): Spelled<unknown>[] {
  const out: Spelled<unknown>[] = [];
  let all = body;
  const allFields: string[] = [];
  for (const spelling of BODY_SPELLINGS) {
    const fields: string[] = [];
    const value = respell(reader, schema, body, spelling, "", fields);
    if (fields.length === 0) continue;
    out.push({ spelling, fields, value });
    // Upper case and capitalised are two spellings of one value: all at once takes the first.
    if (spelling === "enum values capitalised") continue;
    all = respell(reader, schema, all, spelling, "", allFields);
  }
  if (out.length > 1) out.push({ spelling: "all at once", fields: allFields, value: all });
  return out;
}

function respell(reader: SchemaReader, schema: unknown, value: unknown, spelling: (typeof BODY_SPELLINGS)[number], path: string, fields: string[]): unknown {
  const branch = reader.branchOf(reader.resolve(schema), value);
  if (spelling !== "snake_case names") {
    const next = SCALAR_RULES[spelling](branch, value);
    if (next !== undefined) {
      fields.push(path);
      return next;
    }
  }
  if (Array.isArray(value)) return value.map((item) => respell(reader, branch.items, item, spelling, `${path}[]`, fields));
  if (!isObject(value)) return value;
  const properties = isObject(branch.properties) ? branch.properties : {};
  return Object.fromEntries(
    Object.entries(value).map(([name, inner]) => {
      const declared = properties[name];
      if (declared === undefined) return [name, isObject(branch.additionalProperties) ? respell(reader, branch.additionalProperties, inner, spelling, `${path}.*`, fields) : inner];
      const at = path === "" ? name : `${path}.${name}`;
      const renamed = spelling === "snake_case names" ? snakeCase(name) : name;
      if (renamed !== name) fields.push(at);
      return [renamed, respell(reader, declared, inner, spelling, at, fields)];
    }),
  );
}

/** The query parameters of an operation a generated client may spell differently, as `name: spelling`. */
export function spellableParameters(parameters: readonly QueryParameter[]): Set<string> {
  const out = new Set<string>();
  for (const parameter of parameters) {
    for (const spelling of QUERY_SPELLINGS) {
      if (samplesOf(parameter.schema).some((sample) => queryRule(spelling, parameter.schema, String(sample)) !== undefined)) out.add(`${parameter.name}: ${spelling}`);
    }
  }
  return out;
}

/** `query` in each spelling that changes it. */
export function querySpellings(parameters: readonly QueryParameter[], query: Query): Spelled<Query>[] {
  const schemaOf = new Map(parameters.map((p) => [p.name, p.schema]));
  const out: Spelled<Query>[] = [];
  for (const spelling of QUERY_SPELLINGS) {
    const fields: string[] = [];
    const value = query.flatMap(([name, text]): Array<[string, string]> => {
      const next = queryRule(spelling, schemaOf.get(name) ?? {}, text);
      if (next === undefined) return [[name, text]];
      fields.push(name);
      return next.map((part) => [name, part]);
    });
    if (fields.length > 0) out.push({ spelling, fields, value });
  }
  return out;
}

/** The values one query parameter becomes in `spelling`, or undefined when it leaves it. */
function queryRule(spelling: QuerySpelling, schema: JsonSchema, text: string): string[] | undefined {
  switch (spelling) {
    case "lists repeated":
      return schema.type === "array" && text.includes(",") ? text.split(",") : undefined;
    case "flags upper case":
      return schema.type === "boolean" && text !== text.toUpperCase() ? [text.toUpperCase()] : undefined;
    case "flags capitalised":
      return schema.type === "boolean" && text !== capitalised(text) ? [capitalised(text)] : undefined;
    case "enum values upper case":
      return isStringEnum(schema) && text !== text.toUpperCase() ? [text.toUpperCase()] : undefined;
  }
}

/** Values of the schema's kind, to see which rules can change one: a rule that changes none of them does not apply. */
function samplesOf(schema: JsonSchema): unknown[] {
  if (schema.type === "boolean") return [false];
  if (schema.type === "integer" || schema.type === "number") return [1];
  if (schema.type === "array") return ["a,b"];
  return enumValues(schema).filter((v) => typeof v === "string");
}

function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

function isObject(value: unknown): value is JsonSchema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function withoutRef(schema: JsonSchema): JsonSchema {
  const { $ref: _ref, ...rest } = schema;
  return rest;
}
