import { describe, expect, it } from "vitest";
import type { Operation, Schema } from "./openapi-document";
import { referencedNames, resolveSchema, schemaRefName, usagesOf } from "./schema-ref";

const SCHEMAS: Record<string, Schema> = {
  OutExecution: { type: ["object"], properties: { parent: { $ref: "#/components/schemas/OutExecution" } } },
  Alias: { $ref: "#/components/schemas/OutExecution" },
  LoopA: { $ref: "#/components/schemas/LoopB" },
  LoopB: { $ref: "#/components/schemas/LoopA" },
  OutList: { type: ["object"], properties: { data: { type: ["array"], items: { $ref: "#/components/schemas/OutExecution" } } } },
};

describe("component references", () => {
  it("names the component of a local reference", () => {
    expect(schemaRefName("#/components/schemas/OutExecution")).toBe("OutExecution");
    expect(schemaRefName("#/components/schemas/a~1b")).toBe("a/b");
    expect(schemaRefName("#/components/parameters/Limit")).toBeUndefined();
    expect(schemaRefName("https://example.com/schema.json")).toBeUndefined();
  });

  it("follows a reference, and a reference to a reference", () => {
    expect(resolveSchema({ $ref: "#/components/schemas/Alias" }, SCHEMAS)).toEqual({ name: "OutExecution", schema: SCHEMAS.OutExecution });
    expect(resolveSchema({ type: ["string"] }, SCHEMAS)).toEqual({ name: undefined, schema: { type: ["string"] } });
  });

  it("gives up on references in a circle and on missing components", () => {
    expect(resolveSchema({ $ref: "#/components/schemas/LoopA" }, SCHEMAS)).toBeUndefined();
    expect(resolveSchema({ $ref: "#/components/schemas/Nope" }, SCHEMAS)).toBeUndefined();
    expect(resolveSchema({ $ref: "#/components/schemas/toString" }, SCHEMAS)).toBeUndefined();
  });

  it("finds references inside properties and items", () => {
    expect([...referencedNames(SCHEMAS.OutList ?? {})]).toEqual(["OutExecution"]);
  });

  it("says which operations and components use a component", () => {
    const operation: Operation = {
      id: "getExecutions",
      method: "get",
      path: "/{client_id}/executions",
      summary: "",
      description: "",
      tags: [],
      deprecated: false,
      parameters: [],
      responses: [{ status: "200", description: "", content: [{ mediaType: "application/json", schema: { $ref: "#/components/schemas/OutList" }, examples: [] }] }],
    };
    const usages = usagesOf("OutExecution", [operation], SCHEMAS);
    expect(usages.operations).toEqual([]);
    expect(usages.schemas).toEqual(["Alias", "OutList"]);
    expect(usagesOf("OutList", [operation], SCHEMAS).operations.map((op) => op.id)).toEqual(["getExecutions"]);
  });
});
