import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { JsonSchema } from "./client-spellings";
import { documentOperations, type DocumentOperation } from "./fuzz-harness";
import { SchemaArbitraries, withoutLookarounds } from "./schema-arbitraries";
import { startTestBaton, type TestBaton } from "./test-baton";

const SAMPLES = 40;

/** Every schema a request is made of: each parameter's and each JSON body's, by its JSON pointer into the document. */
function requestSchemas(operations: readonly DocumentOperation[]): Array<{ pointer: string; schema: unknown }> {
  return operations.flatMap((operation) => [
    ...operation.parameters.map((parameter, index) => ({ pointer: `${operation.pointer}/parameters/${index}/schema`, schema: parameter.schema })),
    ...(operation.body === undefined ? [] : [{ pointer: `${operation.pointer}/requestBody/content/application~1json/schema`, schema: operation.body }]),
  ]);
}

describe("arbitraries made from the schemas of the OpenAPI document", () => {
  let test: TestBaton;
  let document: JsonSchema;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);

  beforeAll(async () => {
    test = await startTestBaton();
    document = (await (await fetch(`${test.baton.restUrl}/openapi.json`)).json()) as JsonSchema;
    ajv.addSchema(document, "openapi.json");
  });

  afterAll(async () => {
    await test.stop();
  });

  /** The values of `kind` for every request schema whose validity differs from `expected`. */
  function disagreeing(kind: "valid" | "invalid", expected: boolean): string[] {
    const arbitraries = new SchemaArbitraries(document);
    const schemas = requestSchemas(documentOperations(document));
    expect(schemas.length).toBeGreaterThan(150);
    return schemas.flatMap(({ pointer, schema }) => {
      const validate = ajv.getSchema(pointer);
      if (validate === undefined) return [`${pointer}: no schema`];
      const arbitrary = kind === "valid" ? arbitraries.valid(schema) : arbitraries.invalid(schema);
      if (arbitrary === undefined) return [];
      return fc
        .sample(arbitrary, { numRuns: SAMPLES, seed: 7 })
        .filter((value) => validate(value) !== expected)
        .map((value) => `${pointer}: ${JSON.stringify(value).slice(0, 200)}`);
    });
  }

  it("generates only values the schema accepts as valid ones", () => {
    expect(disagreeing("valid", true)).toEqual([]);
  });

  it("generates only values the schema refuses as invalid ones", () => {
    expect(disagreeing("invalid", false)).toEqual([]);
  });

  it("puts one member at or one past each limit for boundary values", () => {
    const schema = { type: "object", properties: { count: { type: "integer", minimum: 1, maximum: 10 }, name: { type: "string", maxLength: 3 } }, required: ["count"] };
    const values = fc.sample(new SchemaArbitraries({}).boundary(schema), { numRuns: 300, seed: 7 });
    const counts = new Set(values.map((value) => (value as { count: number }).count));
    for (const count of [0, 1, 2, 9, 10, 11, -1, 2 ** 31 - 1, -(2 ** 31)]) expect(counts).toContain(count);
    const names = new Set(values.map((value) => (value as { name?: string }).name));
    for (const name of ["", "xx", "xxx", "xxxx", undefined]) expect(names).toContain(name);
  });

  it("reads patterns with lookaheads by leaving them out and filtering", () => {
    expect(withoutLookarounds("^(?!-)(?!.*\\.\\.)[A-Za-z0-9(]+(?=x)$")).toBe("^[A-Za-z0-9(]+$");
    const refs = fc.sample(new SchemaArbitraries({}).valid({ type: "string", pattern: "^(?!-)(?!.*\\.\\.)[a-z.-]+$", maxLength: 8 }), { numRuns: 50, seed: 7 });
    expect(refs.every((ref) => typeof ref === "string" && !ref.startsWith("-") && !ref.includes("..") && ref.length <= 8)).toBe(true);
  });
});
