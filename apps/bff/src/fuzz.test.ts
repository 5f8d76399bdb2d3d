import fc from "fast-check";
import { openStore, type Store } from "@baton/engine";
import { testDialects } from "@baton/engine/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BODY, DatabaseAtRest, fuzzedOperations, robustnessProblems, type DocumentOperation } from "./testing/fuzz-harness";
import { startTestBaton, type TestBaton } from "./testing/test-baton";

const RUNS_PER_OPERATION = 8;

/** Values a client might put anywhere: empty, huge, odd characters, numbers out of range, JSON of any shape. */
const text = fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom("", "0", "-1", "2147483648", "true", "TRUE", "*", "..", "%00", "é€𝄞", "x".repeat(5000), "null", "[]", "{}"));
const body = fc.oneof(fc.json({ maxDepth: 3 }).map((json) => JSON.parse(json) as unknown), fc.dictionary(fc.string({ maxLength: 12 }), fc.oneof(text, fc.integer(), fc.boolean(), fc.constant(null)), { maxKeys: 6 }));

/** Client 100, arbitrary text for the other path parameters (never empty: that is a URL of no operation), up to four query parameters and any body. */
function arbitraryRequest(operation: DocumentOperation) {
  const paths = operation.parameters.filter((p) => p.in === "path" && p.name !== "client_id").map((p) => p.name);
  const queries = operation.parameters.filter((p) => p.in === "query").map((p) => p.name);
  return fc
    .tuple(fc.tuple(...paths.map(() => text.map((value) => value || "x"))), fc.dictionary(fc.constantFrom(...(queries.length > 0 ? queries : ["unknown"])), text, { maxKeys: 4 }), body)
    .map(([pathValues, query, json]) => ({ client_id: 100, ...Object.fromEntries(paths.map((name, index) => [name, pathValues[index]])), ...query, [BODY]: json }));
}

// Every operation of the document gets requests made of arbitrary parameters and bodies. Whatever
// they hold, the answer is never a 5xx and always what the document says, it comes within the
// timeout, and a refused one wrote nothing (fuzz-harness.ts has the checks; fuzz-schemas.test.ts
// makes its requests from the schemas instead).
describe.each(testDialects)("every operation under arbitrary input on %s", (dialect) => {
  let test: TestBaton;
  let reader: Store;

  beforeAll(async () => {
    test = await startTestBaton(dialect);
    reader = await openStore({ dataDir: test.dataDir, databaseUrl: test.databaseUrl });
  });

  afterAll(async () => {
    await reader.close();
    await test.stop();
  });

  it("answers arbitrary requests to every operation robustly", async () => {
    const operations = await fuzzedOperations(test);
    expect(operations.length).toBeGreaterThan(60);
    const atRest = new DatabaseAtRest(test, reader);
    const problems: string[] = [];
    for (const [index, operation] of operations.entries()) {
      for (const values of fc.sample(arbitraryRequest(operation), { numRuns: RUNS_PER_OPERATION, seed: 20261123 + index })) {
        problems.push(...(await robustnessProblems(test, atRest, operation, values)));
      }
    }
    expect(problems).toEqual([]);
  }, 300_000);
});
