import { z } from "zod";
import * as ert from "../schemas/ert";
import * as errors from "../schemas/errors";
import * as executions from "../schemas/executions";
import * as folderObjects from "../schemas/folder-objects";
import * as forecasts from "../schemas/forecasts";
import * as objects from "../schemas/objects";
import * as repositories from "../schemas/repositories";
import * as search from "../schemas/search";
import * as system from "../schemas/system";
import { takesJsonBody, type Operation, type StreamedBody } from "../routes/operation";
import { jsonAnswer, type Answer } from "./answers";
import { exampleObjects, operationExamples } from "./examples";

export { OperationExample, OperationExamples, operationExamples } from "./examples";
import { PARAMETER_DESCRIPTIONS } from "./parameter-descriptions";
import { wireTypes } from "./wire-types";

export interface DocumentInfo {
  title: string;
  version: string;
  description: string;
  /** The API base, e.g. `/ae/api/v1`. */
  server: string;
}

type JsonSchema = Record<string, unknown>;

/** Schema modules whose `In*` and `Out*` exports, and the spec's other shapes, become named components. */
const SCHEMA_MODULES = [errors, executions, ert, forecasts, folderObjects, objects, repositories, search, system];

const OTHER_SPEC_SHAPES = new Set(["NamedResponse", "ResultInfo"]);
const REF_PREFIX = "#/components/schemas/";
/** Ids of schemas that have no name of their own; they are inlined where used. */
const ANONYMOUS = "~";

/** Every operation may answer 503 when the database refuses to write (the engine's store/database-faults.ts). */
const DATABASE_UNAVAILABLE = jsonAnswer(errors.OutError, "The database is busy or full: nothing was written; retry later (see Retry-After).", 503);

const ERROR_DESCRIPTIONS: Readonly<Record<number, string>> = {
  400: "Request data invalid, or in conflict with the current state (an existing object, a repository that is merging, ...; the code says which): an array of OutValidationError, one per problem, or one OutError.",
  401: "Login data not valid.",
  403: "The user lacks the privilege or authorization; the details name it.",
  404: "Resource not available, or disabled for this client (with its own code and message).",
  413: "The request body is larger than this operation accepts.",
  431: "The request's header fields are larger than the server reads (refused before the operation runs).",
  429: "Too many failed logins from this address: no login was checked; retry after Retry-After seconds.",
  500: "Internal error; the engine log has the details.",
  503: "Service unavailable.",
};

/**
 * The OpenAPI 3.1 document of `operations` (the route table: each operation by its operationId).
 * Every `In*`/`Out*` schema of the contract becomes a component; the shapes of single operations
 * are inlined; every operation lists the error answers it can give with their shapes.
 */
export function openApiDocument(operations: Readonly<Record<string, Operation>>, info: DocumentInfo): JsonSchema {
  const inputs = new SchemaSet("input");
  const outputs = new SchemaSet("output");
  for (const module of SCHEMA_MODULES) {
    for (const [name, value] of Object.entries(module)) {
      if (!(value instanceof z.ZodType)) continue;
      if (name.startsWith("In")) inputs.name(value, name);
      else if (name.startsWith("Out") || OTHER_SPEC_SHAPES.has(name)) outputs.name(value, name);
    }
  }
  const ErrorList = z.array(errors.OutValidationError);
  const InvalidRequest = z.union([ErrorList, errors.OutError]);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [operationId, operation] of Object.entries(operations)) {
    const path = documentPath(operation);
    const examples = examplesOf(`${operation.method} ${path}`);
    const body = requestBody(operation);
    const responses: Record<string, unknown> = {};
    for (const answer of documentedAnswers(operation)) responses[answer.status] = response(answer, outputs, examples.responses[answer.status]);
    for (const status of errorStatuses(operation.public ?? false, body !== undefined)) {
      if (responses[status] !== undefined) continue;
      const shape = status === 400 ? InvalidRequest : errors.OutError;
      responses[status] = { description: ERROR_DESCRIPTIONS[status], content: { "application/json": { schema: outputs.use(shape), ...withExamples(examples.responses[status]) } } };
    }
    paths[path] ??= {};
    paths[path][operation.method.toLowerCase()] = {
      operationId,
      summary: operation.summary,
      tags: [tagOf(operation.path)],
      ...(operation.public && { security: [] }),
      parameters: [...parameters(operation.params, "path", operation.wildcard), ...parameters(operation.query, "query")],
      ...(body && {
        requestBody: {
          required: true,
          content: Object.fromEntries(body.types.map((type) => [type, body.schema && type === "application/json" ? { schema: inputs.use(body.schema), ...withExamples(examples.request) } : {}])),
        },
      }),
      responses,
    };
  }
  const components = { ...inputs.components(), ...outputs.components() };
  return {
    openapi: "3.1.0",
    info: { title: info.title, version: info.version, description: info.description },
    servers: [{ url: info.server }],
    security: [{ basic: [] }],
    tags: [...new Set(Object.values(operations).map((o) => tagOf(o.path)))].sort().map((name) => ({ name })),
    paths: inlineAnonymous(paths, components),
    components: {
      securitySchemes: { basic: { type: "http", scheme: "basic", description: "USER:PASS, USER/DEPT:PASS or CLIENT/USER/DEPT:PASS, encoded ISO-8859-1." } },
      schemas: inlineAnonymous(Object.fromEntries(Object.entries(components).filter(([id]) => !id.startsWith(ANONYMOUS))), components),
    },
  };
}

/** The schemas of one direction (request or response), each converted once with references between them. */
class SchemaSet {
  private readonly registry = z.registry<{ id: string }>();
  private anonymousCount = 0;

  constructor(private readonly io: "input" | "output") {}

  name(schema: z.ZodType, id: string): void {
    this.registry.add(schema, { id });
  }

  /** A reference to `schema`, registering it without a name when it has none. */
  use(schema: z.ZodType): JsonSchema {
    const known = this.registry.get(schema);
    if (known !== undefined) return { $ref: `${REF_PREFIX}${known.id}` };
    const id = `${ANONYMOUS}${this.io}${this.anonymousCount++}`;
    this.registry.add(schema, { id });
    return { $ref: `${REF_PREFIX}${id}` };
  }

  components(): Record<string, JsonSchema> {
    const { schemas } = z.toJSONSchema(this.registry, { io: this.io, unrepresentable: "any", uri: (id) => `${REF_PREFIX}${id}`, override: wireOverride });
    return Object.fromEntries(Object.entries(schemas).map(([id, schema]) => [id, withoutMeta(schema as JsonSchema)]));
  }
}

function response(answer: Answer, outputs: SchemaSet, examples: JsonSchema | undefined): JsonSchema {
  if (answer.content === undefined) return { description: answer.description };
  const { type, schema } = answer.content;
  const media = schema ? { schema: outputs.use(schema) } : type.startsWith("text/") ? { schema: { type: "string" } } : { schema: { type: "string", contentMediaType: type } };
  const shown = type === "application/json" || type.startsWith("text/") ? withExamples(examples) : {};
  return { description: answer.description, content: { [type]: { ...media, ...shown } } };
}

/** The recorded examples of an operation (see examples.ts) as OpenAPI Example Objects: of the request body, and per answer status. */
function examplesOf(key: string): { request?: JsonSchema; responses: Record<number, JsonSchema> } {
  const recorded = operationExamples()[key];
  if (recorded === undefined) return { responses: {} };
  const success = exampleObjects(recorded.success);
  const error = recorded.error && exampleObjects(recorded.error);
  return {
    ...(success.request && { request: success.request }),
    responses: {
      ...(success.response && { [recorded.success.status]: success.response }),
      ...(error?.response && recorded.error && { [recorded.error.status]: error.response }),
    },
  };
}

function withExamples(examples: JsonSchema | undefined): { examples?: JsonSchema } {
  return examples === undefined ? {} : { examples };
}

/** The body an operation takes: JSON by its schema, or one it reads as a stream; none for the others. */
function requestBody(operation: Operation): StreamedBody | undefined {
  return takesJsonBody(operation) ? { types: ["application/json"], schema: operation.body } : operation.streamsBody;
}

/** Success, the operation's other answers, and the 503 of a database that refuses to write unless the operation says its own. */
function documentedAnswers(operation: Operation): readonly Answer[] {
  const answers = [operation.answer, ...(operation.otherAnswers ?? [])];
  return answers.some((answer) => answer.status === 503) ? answers : [...answers, DATABASE_UNAVAILABLE];
}

function errorStatuses(isPublic: boolean, takesBody: boolean): number[] {
  const takesInput = !isPublic || takesBody;
  return [
    ...(takesInput ? [400] : []),
    ...(isPublic ? [] : [401, 403, 404, 429]),
    // The interface has no 409: a conflict is a 400 with its own code (docs/decisions.md).
    ...(takesBody ? [413] : []),
    431,
    500,
  ];
}

/** Path and query parameters from the properties of their object schema. */
function parameters(schema: z.ZodType, location: "path" | "query", wildcard?: string): JsonSchema[] {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any", override: wireOverride }) as JsonSchema;
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description = PARAMETER_DESCRIPTIONS[name], ...rest } = property;
    return {
      name: name === "*" ? (wildcard ?? "path") : name,
      // The last parameter takes the rest of the path, slashes included (as %2F too).
      ...(name === "*" && { "x-multi-segment": true }),
      in: location,
      required: location === "path" || required.has(name),
      ...(description !== undefined && { description }),
      schema: rest,
      ...(rest.type === "array" && { style: "form", explode: false }),
    };
  });
}

/** Parameters parsed from strings (integers, flags, lists) are documented by what they carry. */
function wireOverride(ctx: { zodSchema: unknown; jsonSchema: JsonSchema }): void {
  const wire = wireTypes.get(ctx.zodSchema as z.ZodType);
  if (wire === undefined) return;
  const description = ctx.jsonSchema.description;
  for (const key of Object.keys(ctx.jsonSchema)) delete ctx.jsonSchema[key];
  Object.assign(ctx.jsonSchema, wire, description !== undefined && { description });
}

function withoutMeta(schema: JsonSchema): JsonSchema {
  const { $schema: _schema, $id: _id, ...rest } = schema;
  return rest;
}

/** Replaces each reference to an anonymous schema by the schema itself. */
function inlineAnonymous<T>(value: T, components: Record<string, JsonSchema>): T {
  if (Array.isArray(value)) return value.map((item) => inlineAnonymous(item, components)) as T;
  if (value === null || typeof value !== "object") return value;
  const ref = (value as JsonSchema).$ref;
  if (typeof ref === "string" && ref.startsWith(`${REF_PREFIX}${ANONYMOUS}`)) {
    return inlineAnonymous(components[ref.slice(REF_PREFIX.length)], components) as T;
  }
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, inlineAnonymous(item, components)])) as T;
}

function documentPath(operation: Operation): string {
  return operation.path.replace(/:([A-Za-z_]+)/g, "{$1}").replace(/\*$/, `{${operation.wildcard ?? "path"}}`);
}

/** The area of a path: `executions`, `repositories`, `system`, ...; `service` for those of no client (ping, this document). */
function tagOf(path: string): string {
  const [first, area] = path.split("/").slice(1);
  return first === ":client_id" && area !== undefined ? area : "service";
}
