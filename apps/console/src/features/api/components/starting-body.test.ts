import { describe, expect, it } from "vitest";
import { readOpenApiDocument } from "../api/openapi-document";
import { startingBody } from "./starting-body";

const body = { type: "object", properties: { script: { type: "string" } }, required: ["script"] };

const { operations } = readOpenApiDocument({
  openapi: "3.1.0",
  paths: {
    "/recorded": { post: { operationId: "recorded", requestBody: { content: { "application/json": { schema: body, examples: { success: { summary: "Run a script", value: { script: ':PRINT "Hello"' } } } } } }, responses: {} } },
    "/unrecorded": { post: { operationId: "unrecorded", requestBody: { content: { "application/json": { schema: body } } }, responses: {} } },
    "/upload": { post: { operationId: "upload", requestBody: { content: { "application/octet-stream": {} } }, responses: {} } },
  },
});

function operation(id: string) {
  const found = operations.find((op) => op.id === id);
  if (found === undefined) throw new Error(`no operation ${id}`);
  return found;
}

describe("the body Try it starts from", () => {
  it("is the recorded example, pretty-printed, when there is one", () => {
    const start = startingBody(operation("recorded"), {});
    expect(start.text).toBe('{\n  "script": ":PRINT \\"Hello\\""\n}');
    expect(start.example?.summary).toBe("Run a script");
  });

  it("is made from the schema without one", () => {
    expect(startingBody(operation("unrecorded"), {})).toEqual({ text: '{\n  "script": ""\n}' });
  });

  it("is empty when the operation takes no JSON", () => {
    expect(startingBody(operation("upload"), {})).toEqual({ text: "" });
  });
});
