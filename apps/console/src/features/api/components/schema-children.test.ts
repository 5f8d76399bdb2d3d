import { describe, expect, it } from "vitest";
import { readSchema } from "../api/openapi-document";
import { childrenOf, innerSchema } from "./schema-children";

describe("the rows under a schema", () => {
  it("lists properties with their required marker", () => {
    const rows = childrenOf(readSchema({ type: "object", properties: { code: { type: "integer" }, path: { type: "string" } }, required: ["code"] }));
    expect(rows.map((r) => [r.label, r.kind, r.required])).toEqual([
      ["code", "property", true],
      ["path", "property", false],
    ]);
  });

  it("opens arrays, maps and nullable values on the shape inside", () => {
    const object = { type: "object", properties: { a: { type: "string" } } };
    expect(childrenOf(readSchema({ type: "array", items: object })).map((r) => r.label)).toEqual(["a"]);
    expect(childrenOf(readSchema({ type: "object", additionalProperties: object })).map((r) => r.label)).toEqual(["a"]);
    expect(childrenOf(readSchema({ anyOf: [object, { type: "null" }] })).map((r) => r.label)).toEqual(["a"]);
  });

  it("stops at a reference: the tree opens it only on request", () => {
    expect(innerSchema(readSchema({ type: "array", items: { $ref: "#/components/schemas/OutExecution" } }))).toEqual({ $ref: "#/components/schemas/OutExecution" });
    expect(childrenOf(readSchema({ type: "array", items: { $ref: "#/components/schemas/OutExecution" } }))).toEqual([]);
  });

  it("lists the options of a choice and extra keys of an object", () => {
    const rows = childrenOf(readSchema({ anyOf: [{ type: "array", items: { type: "string" } }, { $ref: "#/components/schemas/OutError" }] }));
    expect(rows.map((r) => [r.label, r.kind])).toEqual([
      ["option 1", "option"],
      ["option 2", "option"],
    ]);
    const extra = childrenOf(readSchema({ type: "object", properties: { a: {} }, additionalProperties: { type: "string" } }));
    expect(extra.map((r) => [r.label, r.kind])).toEqual([
      ["a", "property"],
      ["any other key", "values"],
    ]);
  });

  it("has no rows for plain values", () => {
    expect(childrenOf(readSchema({ type: "string" }))).toEqual([]);
    expect(childrenOf(readSchema({ type: "object", additionalProperties: {} }))).toEqual([]);
  });
});
