import type { Parser } from "../../../lib/api-client";

/**
 * The parts of a JSON Schema (OpenAPI 3.1 dialect) the explorer shows. Keys that are present in
 * the document are present here; `const` is kept as a box because its value may be `null`.
 */
export interface Schema {
  $ref?: string;
  /** Always a list: OpenAPI 3.1 allows `["string", "null"]`. */
  type?: string[];
  format?: string;
  title?: string;
  description?: string;
  enum?: unknown[];
  const?: { value: unknown };
  default?: { value: unknown };
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  contentMediaType?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  /** `false` when no other keys are allowed; a schema for the values of a map. */
  additionalProperties?: Schema | boolean;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  /** `{ not: {} }` is the schema `false`: no value is valid. */
  not?: Schema;
  nullable?: boolean;
  deprecated?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
}

export const HTTP_METHODS = ["get", "put", "post", "delete", "patch", "options", "head", "trace"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export type ParameterLocation = "path" | "query" | "header" | "cookie";

export interface Parameter {
  name: string;
  in: ParameterLocation;
  required: boolean;
  description: string;
  schema: Schema;
  /** Arrays in the query: one key with comma-separated values (false) or the key repeated (true). */
  explode: boolean;
  /** A path parameter that may hold `/` (the engine's `x-multi-segment`). */
  multiSegment: boolean;
}

/**
 * An example body: an OpenAPI Example Object with an inline `value`. Baton's document records
 * them from a running system, named `success` and `error` (docs/api-examples.md).
 */
export interface Example {
  /** The key under `examples`; "example" for the single `example` of OpenAPI 3.0. */
  name: string;
  summary: string;
  description: string;
  value: unknown;
}

export interface MediaEntry {
  mediaType: string;
  /** Absent for bodies without a described shape (binary uploads). */
  schema?: Schema;
  /** In the document's order; empty when the document has none. */
  examples: Example[];
}

export interface RequestBody {
  required: boolean;
  description: string;
  content: MediaEntry[];
}

export interface ResponseEntry {
  /** "200", "4XX" or "default". */
  status: string;
  description: string;
  content: MediaEntry[];
}

export interface Operation {
  /** The operationId, or "METHOD path" when the document names none. */
  id: string;
  method: HttpMethod;
  path: string;
  summary: string;
  description: string;
  tags: string[];
  deprecated: boolean;
  parameters: Parameter[];
  requestBody?: RequestBody;
  responses: ResponseEntry[];
}

export interface Tag {
  name: string;
  description: string;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  tags: Tag[];
  operations: Operation[];
  /** components.schemas, in the document's order. */
  schemas: Record<string, Schema>;
}

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

function numberOr(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

function recordOf(value: unknown): Json {
  return isRecord(value) ? value : {};
}

const NUMBER_KEYS = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minLength", "maxLength", "minItems", "maxItems"] as const;
const STRING_KEYS = ["$ref", "format", "title", "description", "pattern", "contentMediaType"] as const;
const FLAG_KEYS = ["nullable", "deprecated", "readOnly", "writeOnly"] as const;
const LIST_KEYS = ["anyOf", "oneOf", "allOf"] as const;

/** A JSON Schema as found in the document; `true` and `{}` accept anything, `false` nothing. */
export function readSchema(value: unknown): Schema {
  if (value === false) return { not: {} };
  if (!isRecord(value)) return {};
  const schema: Schema = {};
  for (const key of STRING_KEYS) if (typeof value[key] === "string") schema[key] = value[key];
  for (const key of NUMBER_KEYS) {
    const n = numberOr(value[key]);
    if (n !== undefined) schema[key] = n;
  }
  for (const key of FLAG_KEYS) if (value[key] === true) schema[key] = true;
  for (const key of LIST_KEYS) {
    const list = value[key];
    if (Array.isArray(list)) schema[key] = list.map(readSchema);
  }
  if (typeof value.type === "string") schema.type = [value.type];
  else if (Array.isArray(value.type)) schema.type = value.type.filter((t): t is string => typeof t === "string");
  if (Array.isArray(value.enum)) schema.enum = [...value.enum];
  if ("const" in value) schema.const = { value: value.const };
  if ("default" in value) schema.default = { value: value.default };
  if (isRecord(value.properties)) {
    schema.properties = Object.fromEntries(Object.entries(value.properties).map(([name, property]) => [name, readSchema(property)]));
  }
  if (Array.isArray(value.required)) schema.required = value.required.filter((r): r is string => typeof r === "string");
  if (typeof value.additionalProperties === "boolean") schema.additionalProperties = value.additionalProperties;
  else if (isRecord(value.additionalProperties)) schema.additionalProperties = readSchema(value.additionalProperties);
  if (isRecord(value.items) || typeof value.items === "boolean") schema.items = readSchema(value.items);
  if (isRecord(value.not) || typeof value.not === "boolean") schema.not = readSchema(value.not);
  return schema;
}

const LOCATIONS: readonly ParameterLocation[] = ["path", "query", "header", "cookie"];

/** The last segment of a local `$ref` ("#/components/parameters/Limit" → "Limit"). */
function localName(ref: unknown, section: string): string | undefined {
  const prefix = `#/components/${section}/`;
  return typeof ref === "string" && ref.startsWith(prefix) ? ref.slice(prefix.length) : undefined;
}

/** Follows a `$ref` into components[section] once; other values are returned as they are. */
function deref(value: unknown, components: Json, section: string): unknown {
  if (!isRecord(value) || typeof value.$ref !== "string") return value;
  const name = localName(value.$ref, section);
  return name === undefined ? value : recordOf(components[section])[name];
}

function readParameter(value: unknown): Parameter | undefined {
  if (!isRecord(value)) return undefined;
  const location = LOCATIONS.find((l) => l === value.in);
  const name = text(value.name);
  if (location === undefined || name === "") return undefined;
  const style = text(value.style) || (location === "query" || location === "cookie" ? "form" : "simple");
  return {
    name,
    in: location,
    required: location === "path" || value.required === true,
    description: text(value.description),
    schema: readSchema(value.schema),
    explode: typeof value.explode === "boolean" ? value.explode : style === "form",
    multiSegment: value["x-multi-segment"] === true,
  };
}

/** Examples with an inline value; those only pointing elsewhere (`externalValue`) are left out. */
function readExamples(media: Json, components: Json): Example[] {
  const examples = Object.entries(recordOf(media.examples)).flatMap(([name, raw]) => {
    const example = deref(raw, components, "examples");
    if (!isRecord(example) || !("value" in example)) return [];
    return [{ name, summary: text(example.summary), description: text(example.description), value: example.value }];
  });
  if (examples.length === 0 && "example" in media) return [{ name: "example", summary: "", description: "", value: media.example }];
  return examples;
}

function readContent(value: unknown, components: Json): MediaEntry[] {
  return Object.entries(recordOf(value)).map(([mediaType, raw]) => {
    const media = recordOf(raw);
    const examples = readExamples(media, components);
    return media.schema === undefined ? { mediaType, examples } : { mediaType, schema: readSchema(media.schema), examples };
  });
}

/** The example to start from: the one named `success`, else the first. */
export function leadingExample(entry: MediaEntry): Example | undefined {
  return entry.examples.find((example) => example.name === "success") ?? entry.examples[0];
}

/** Path-level parameters apply to every operation under the path unless it redefines them. */
function mergeParameters(pathLevel: readonly Parameter[], own: readonly Parameter[]): Parameter[] {
  const key = (p: Parameter) => `${p.in}:${p.name}`;
  const overridden = new Set(own.map(key));
  return [...pathLevel.filter((p) => !overridden.has(key(p))), ...own];
}

function readParameters(value: unknown, components: Json): Parameter[] {
  if (!Array.isArray(value)) return [];
  return value.map((p) => readParameter(deref(p, components, "parameters"))).filter((p): p is Parameter => p !== undefined);
}

function readOperation(method: HttpMethod, path: string, value: Json, pathParameters: readonly Parameter[], components: Json): Operation {
  const operation: Operation = {
    id: text(value.operationId) || `${method.toUpperCase()} ${path}`,
    method,
    path,
    summary: text(value.summary),
    description: text(value.description),
    tags: Array.isArray(value.tags) ? value.tags.filter((t): t is string => typeof t === "string") : [],
    deprecated: value.deprecated === true,
    parameters: mergeParameters(pathParameters, readParameters(value.parameters, components)),
    responses: Object.entries(recordOf(value.responses)).map(([status, raw]) => {
      const response = recordOf(deref(raw, components, "responses"));
      return { status, description: text(response.description), content: readContent(response.content, components) };
    }),
  };
  const body = deref(value.requestBody, components, "requestBodies");
  if (isRecord(body)) operation.requestBody = { required: body.required === true, description: text(body.description), content: readContent(body.content, components) };
  return operation;
}

/** The document as the explorer uses it; throws when the value is not an OpenAPI document. */
export function readOpenApiDocument(value: unknown): OpenApiDocument {
  if (!isRecord(value) || !isRecord(value.paths)) throw new Error("not an OpenAPI document: it has no paths");
  const components = recordOf(value.components);
  const info = recordOf(value.info);
  const operations: Operation[] = [];
  for (const [path, rawItem] of Object.entries(value.paths)) {
    const item = recordOf(rawItem);
    const pathParameters = readParameters(item.parameters, components);
    for (const method of HTTP_METHODS) {
      const raw = item[method];
      if (isRecord(raw)) operations.push(readOperation(method, path, raw, pathParameters, components));
    }
  }
  const tags = Array.isArray(value.tags)
    ? value.tags.filter(isRecord).map((tag) => ({ name: text(tag.name), description: text(tag.description) })).filter((tag) => tag.name !== "")
    : [];
  return {
    openapi: text(value.openapi),
    info: { title: text(info.title), version: text(info.version), description: text(info.description) },
    tags,
    operations,
    schemas: Object.fromEntries(Object.entries(recordOf(components.schemas)).map(([name, schema]) => [name, readSchema(schema)])),
  };
}

/** `readOpenApiDocument` in the shape the API client checks answers with. */
export const openApiDocumentParser: Parser<OpenApiDocument> = {
  safeParse(value: unknown) {
    try {
      return { success: true, data: readOpenApiDocument(value) };
    } catch (error) {
      return { success: false, error: { issues: [{ path: [], message: error instanceof Error ? error.message : String(error) }] } };
    }
  },
};
