import { describe, expect, it } from "vitest";
import { readSchema, type Schema } from "../api/openapi-document";
import { exampleValue } from "./example-value";

const SCHEMAS: Record<string, Schema> = {
  InExecutionBody: readSchema({
    type: "object",
    properties: {
      objectName: { type: "string" },
      executionOption: { type: "string", enum: ["execute", "once", "recurring"] },
      count: { type: "integer", minimum: 1 },
      alias: { type: "string" },
    },
    required: ["objectName", "executionOption", "count"],
  }),
  Node: readSchema({ type: "object", properties: { next: { $ref: "#/components/schemas/Node" } }, required: ["next"] }),
};

describe("a request body to start from", () => {
  it("fills the required properties only", () => {
    expect(exampleValue({ $ref: "#/components/schemas/InExecutionBody" }, SCHEMAS)).toEqual({ objectName: "", executionOption: "execute", count: 1 });
  });

  it("stops at a component that refers to itself", () => {
    expect(exampleValue({ $ref: "#/components/schemas/Node" }, SCHEMAS)).toEqual({ next: null });
  });

  it("uses defaults and constants, and picks the first non-null option", () => {
    expect(exampleValue(readSchema({ type: "integer", default: 50 }), SCHEMAS)).toBe(50);
    expect(exampleValue(readSchema({ const: "FCST" }), SCHEMAS)).toBe("FCST");
    expect(exampleValue(readSchema({ anyOf: [{ type: "null" }, { type: "boolean" }] }), SCHEMAS)).toBe(false);
    expect(exampleValue(readSchema({ type: "array", minItems: 1, items: { type: "string", format: "date-time" } }), SCHEMAS)).toEqual(["2025-01-01T00:00:00Z"]);
  });
});
