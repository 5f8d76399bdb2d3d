import { describe, expect, it } from "vitest";
import { readSchema } from "../api/openapi-document";
import { constraintsOf, summarizeSchema, summaryText } from "./schema-summary";

const text = (raw: unknown) => summaryText(summarizeSchema(readSchema(raw)));

describe("a schema's type in words", () => {
  it("names plain types with their format", () => {
    expect(text({ type: "integer", format: "int32" })).toBe("integer (int32)");
    expect(text({ type: "string" })).toBe("string");
    expect(text({})).toBe("any");
    expect(text(false)).toBe("nothing");
  });

  it("names components and arrays of them", () => {
    expect(summarizeSchema(readSchema({ $ref: "#/components/schemas/OutExecution" }))).toEqual({ kind: "ref", name: "OutExecution" });
    expect(text({ type: "array", items: { $ref: "#/components/schemas/OutExecution" } })).toBe("array of OutExecution");
    expect(text({ type: "array" })).toBe("array of any");
  });

  it("joins alternatives, type lists and nullable", () => {
    expect(text({ anyOf: [{ type: "array", items: { $ref: "#/components/schemas/OutValidationError" } }, { $ref: "#/components/schemas/OutError" }] })).toBe("array of OutValidationError | OutError");
    expect(text({ type: ["string", "null"] })).toBe("string | null");
    expect(text({ type: "string", nullable: true })).toBe("string | null");
    expect(text({ type: "array", items: { type: ["number", "string"] } })).toBe("array of (number | string)");
    expect(text({ anyOf: [{ type: "string" }, { type: "string" }] })).toBe("string");
  });

  it("shows maps, constants and all-of", () => {
    expect(text({ type: "object", additionalProperties: { type: "string" } })).toBe("map of string");
    expect(text({ type: "object", properties: { a: {} }, additionalProperties: false })).toBe("object");
    expect(text({ const: "FCST" })).toBe('"FCST"');
    expect(text({ allOf: [{ $ref: "#/components/schemas/A" }, { type: "object" }] })).toBe("A & object");
  });
});

describe("a schema's limits in words", () => {
  it("says ranges and lengths", () => {
    expect(constraintsOf(readSchema({ type: "integer", minimum: 0, maximum: 9999 }))).toEqual(["0 to 9999"]);
    expect(constraintsOf(readSchema({ type: "integer", minimum: 1 }))).toEqual(["≥ 1"]);
    expect(constraintsOf(readSchema({ type: "string", minLength: 1, maxLength: 1024 }))).toEqual(["length 1–1024"]);
    expect(constraintsOf(readSchema({ type: "array", minItems: 1 }))).toEqual(["items ≥ 1"]);
    expect(constraintsOf(readSchema({ type: "number", exclusiveMinimum: 0 }))).toEqual(["> 0"]);
  });

  it("leaves out the bounds that only restate the integer type", () => {
    expect(constraintsOf(readSchema({ type: "integer", minimum: -9007199254740991, maximum: 9007199254740991 }))).toEqual([]);
    expect(constraintsOf(readSchema({ type: "integer", format: "int32", minimum: -2147483648, maximum: 2147483647 }))).toEqual([]);
    expect(constraintsOf(readSchema({ type: "integer", minimum: -2147483648, maximum: 2147483647 }))).toEqual(["32-bit integer"]);
  });

  it("says defaults and access", () => {
    expect(constraintsOf(readSchema({ type: "boolean", default: false, readOnly: true, deprecated: true }))).toEqual(["default false", "read-only", "deprecated"]);
  });
});
