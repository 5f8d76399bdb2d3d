import fc from "fast-check";
import { openStore, type Store } from "@baton/engine";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBaton, type TestBaton } from "./testing/test-baton";

interface Parameter {
  name: string;
  in: "path" | "query";
}
interface Operation {
  parameters: Parameter[];
  requestBody?: { content: Record<string, unknown> };
}
type Paths = Record<string, Record<string, Operation>>;

/** Operations whose success would reach outside the test (a Git clone of any URL) or end it (deleting client 100). */
const LEFT_OUT = new Set(["post /{client_id}/repositories", "delete /{client_id}/system/clients/{target_client}"]);
const RUNS_PER_OPERATION = 8;
/** Tables no background work writes to: a refused request must leave them as they were. */
const DEFINITION_TABLES = ["clients", "objects", "folders", "user_credentials", "agents", "ra_solutions", "object_search"] as const;

/** Values a client might put anywhere: empty, huge, odd characters, numbers out of range, JSON of any shape. */
const text = fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom("", "0", "-1", "2147483648", "true", "TRUE", "*", "..", "%00", "é€𝄞", "x".repeat(5000), "null", "[]", "{}"));
const body = fc.oneof(fc.json({ maxDepth: 3 }).map((json) => JSON.parse(json) as unknown), fc.dictionary(fc.string({ maxLength: 12 }), fc.oneof(text, fc.integer(), fc.boolean(), fc.constant(null)), { maxKeys: 6 }));

// Every operation of the document gets requests made of arbitrary parameters and bodies. Whatever
// they hold, the answer is never a 500 and always what the document says (test-baton's `rest`
// checks each answer against it), it comes within the timeout, and a refused one wrote nothing.
describe("every operation under arbitrary input", () => {
  let test: TestBaton;
  let paths: Paths;
  /** A second connection to the test's database, to see what a request wrote. */
  let reader: Store;

  beforeAll(async () => {
    test = await startTestBaton();
    reader = await openStore({ dataDir: test.dataDir, databaseUrl: test.databaseUrl });
    paths = ((await (await fetch(`${test.baton.restUrl}/openapi.json`)).json()) as { paths: Paths }).paths;
  });

  afterAll(async () => {
    await reader.close();
    await test.stop();
  });

  const definitions = async () => JSON.stringify(await Promise.all(DEFINITION_TABLES.map((table) => reader.db.selectFrom(table).selectAll().execute())));

  it("answers arbitrary requests to every operation with a documented answer, never a 500", async () => {
    const operations = Object.entries(paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method, operation })));
    expect(operations.length).toBeGreaterThan(60);
    for (const { path, method, operation } of operations) {
      if (LEFT_OUT.has(`${method} ${path}`)) continue;
      const pathParameters = operation.parameters.filter((p) => p.in === "path" && p.name !== "client_id");
      const queryParameters = operation.parameters.filter((p) => p.in === "query");
      const takesJson = operation.requestBody?.content["application/json"] !== undefined;
      await fc.assert(
        fc.asyncProperty(
          fc.tuple(...pathParameters.map(() => text)),
          fc.dictionary(fc.constantFrom(...(queryParameters.length > 0 ? queryParameters.map((p) => p.name) : ["unknown"])), text, { maxKeys: 4 }),
          body,
          async (pathValues, query, json) => {
            let url = path.replace("{client_id}", "100");
            pathParameters.forEach((parameter, index) => (url = url.replace(`{${parameter.name}}`, encodeURIComponent(pathValues[index] ?? "") || "x")));
            const search = new URLSearchParams(query).toString();
            const init: RequestInit = { method: method.toUpperCase(), signal: AbortSignal.timeout(10_000) };
            if (takesJson) Object.assign(init, { headers: { "content-type": "application/json" }, body: JSON.stringify(json) });
            const before = await definitions();
            const response = await test.rest(`${url}${search === "" ? "" : `?${search}`}`, init);
            await response.arrayBuffer();
            const request = `${method.toUpperCase()} ${url}?${search} ${takesJson ? JSON.stringify(json).slice(0, 300) : ""}`;
            expect(response.status, request).not.toBe(500);
            // A refused request changes nothing.
            if (response.status >= 400) expect(await definitions(), request).toBe(before);
          },
        ),
        { numRuns: RUNS_PER_OPERATION, seed: 20261123 },
      );
    }
  }, 300_000);
});
