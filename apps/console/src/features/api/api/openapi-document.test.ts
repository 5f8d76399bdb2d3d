import { describe, expect, it } from "vitest";
import { leadingExample, openApiDocumentParser, readOpenApiDocument, readSchema } from "./openapi-document";

const DOCUMENT = {
  openapi: "3.1.0",
  info: { title: "Baton REST interface", version: "0.1.0" },
  tags: [{ name: "executions" }, { name: "system", description: "Administration" }],
  paths: {
    "/{client_id}/executions/{run_id}": {
      parameters: [{ name: "client_id", in: "path", required: true, schema: { type: "integer" } }],
      get: {
        operationId: "getExecutionsRunId",
        summary: "One execution",
        tags: ["executions"],
        parameters: [
          { name: "run_id", in: "path", required: true, schema: { type: "integer", format: "int32", minimum: 1 } },
          { name: "fields", in: "query", schema: { type: "array", items: { type: "string" } }, style: "form", explode: false },
          { $ref: "#/components/parameters/Limit" },
        ],
        responses: {
          "200": { description: "The execution", content: { "application/json": { schema: { $ref: "#/components/schemas/OutExecution" } } } },
          "404": { $ref: "#/components/responses/NotFound" },
        },
      },
      post: {
        tags: ["executions"],
        requestBody: { required: true, content: { "application/json": { schema: { type: "object" } }, "application/octet-stream": {} } },
        responses: {},
      },
    },
    "/{client_id}/scripts": {
      post: {
        operationId: "postScripts",
        requestBody: {
          content: {
            "application/json": {
              schema: { type: "object" },
              examples: {
                error: { summary: "An empty script", value: { script: "" } },
                success: { summary: "Run a script", description: "Prints one line.", value: { script: ':PRINT "Hello"' } },
                linked: { summary: "Elsewhere", externalValue: "https://example.com/body.json" },
              },
            },
          },
        },
        responses: {
          "200": { description: "Its RunID", content: { "application/json": { schema: { type: "object" }, examples: { success: { $ref: "#/components/examples/RunId" } } } } },
          "204": { description: "Nothing", content: { "text/plain": { schema: { type: "string" }, example: null } } },
        },
      },
    },
  },
  components: {
    parameters: { Limit: { name: "max_results", in: "query", schema: { type: "integer" } } },
    examples: { RunId: { summary: "Run a script", value: { run_id: 5 } } },
    responses: { NotFound: { description: "Not there", content: { "application/json": { schema: { $ref: "#/components/schemas/OutError" } } } } },
    schemas: { OutExecution: { type: "object", properties: { run_id: { type: "integer" } }, required: ["run_id"] }, OutError: { type: "object" } },
  },
};

describe("reading the OpenAPI document", () => {
  const document = readOpenApiDocument(DOCUMENT);

  it("lists every operation with its method and path", () => {
    expect(document.operations.map((op) => `${op.method} ${op.path} ${op.id}`)).toEqual([
      "get /{client_id}/executions/{run_id} getExecutionsRunId",
      "post /{client_id}/executions/{run_id} POST /{client_id}/executions/{run_id}",
      "post /{client_id}/scripts postScripts",
    ]);
  });

  it("adds the path's parameters and follows parameter references", () => {
    const [get] = document.operations;
    expect(get?.parameters.map((p) => `${p.in}:${p.name}:${p.required}`)).toEqual(["path:client_id:true", "path:run_id:true", "query:fields:false", "query:max_results:false"]);
    expect(get?.parameters.find((p) => p.name === "fields")?.explode).toBe(false);
    expect(get?.parameters.find((p) => p.name === "max_results")?.explode).toBe(true);
  });

  it("reads responses, following references to shared responses", () => {
    const [get] = document.operations;
    expect(get?.responses).toEqual([
      { status: "200", description: "The execution", content: [{ mediaType: "application/json", schema: { $ref: "#/components/schemas/OutExecution" }, examples: [] }] },
      { status: "404", description: "Not there", content: [{ mediaType: "application/json", schema: { $ref: "#/components/schemas/OutError" }, examples: [] }] },
    ]);
  });

  it("keeps media types of a request body that have no schema", () => {
    expect(document.operations[1]?.requestBody).toEqual({ required: true, description: "", content: [{ mediaType: "application/json", schema: { type: ["object"] }, examples: [] }, { mediaType: "application/octet-stream", examples: [] }] });
  });

  it("reads the examples of request bodies and answers, following references, with the value kept even when null", () => {
    const scripts = document.operations.find((op) => op.id === "postScripts");
    const body = scripts?.requestBody?.content[0];
    expect(body?.examples).toEqual([
      { name: "error", summary: "An empty script", description: "", value: { script: "" } },
      { name: "success", summary: "Run a script", description: "Prints one line.", value: { script: ':PRINT "Hello"' } },
    ]);
    expect(scripts?.responses.map((r) => r.content[0]?.examples)).toEqual([
      [{ name: "success", summary: "Run a script", description: "", value: { run_id: 5 } }],
      [{ name: "example", summary: "", description: "", value: null }],
    ]);
  });

  it("starts from the example named success, else from the first", () => {
    const scripts = document.operations.find((op) => op.id === "postScripts");
    expect(scripts?.requestBody?.content[0] && leadingExample(scripts.requestBody.content[0])?.summary).toBe("Run a script");
    expect(leadingExample({ mediaType: "application/json", examples: [{ name: "error", summary: "An empty script", description: "", value: {} }] })?.name).toBe("error");
    expect(leadingExample({ mediaType: "application/json", examples: [] })).toBeUndefined();
  });

  it("keeps the components and tags in the document's order", () => {
    expect(Object.keys(document.schemas)).toEqual(["OutExecution", "OutError"]);
    expect(document.tags).toEqual([{ name: "executions", description: "" }, { name: "system", description: "Administration" }]);
    expect(document.info).toEqual({ title: "Baton REST interface", version: "0.1.0", description: "" });
  });

  it("refuses a value without paths", () => {
    const parsed = openApiDocumentParser.safeParse({ openapi: "3.1.0" });
    expect(parsed.success).toBe(false);
  });
});

describe("reading a schema", () => {
  it("keeps a type list, const null and the schema false", () => {
    expect(readSchema({ type: ["string", "null"], const: null })).toEqual({ type: ["string", "null"], const: { value: null } });
    expect(readSchema(false)).toEqual({ not: {} });
    expect(readSchema(true)).toEqual({});
  });

  it("drops keys of the wrong kind instead of failing", () => {
    expect(readSchema({ minimum: "1", required: ["a", 2], properties: { a: { type: "string" } } })).toEqual({ required: ["a"], properties: { a: { type: ["string"] } } });
  });
});
