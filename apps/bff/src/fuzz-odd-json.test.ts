import { OutRunId } from "@baton/contract";
import { openStore, type Store } from "@baton/engine";
import { testDialects } from "@baton/engine/testing";
import fc, { type Arbitrary } from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { JsonSchema } from "./testing/client-spellings";
import { BODY, createUserWithoutRights, DatabaseAtRest, documentOperations, robustnessProblems, type DocumentOperation, type RequestValues } from "./testing/fuzz-harness";
import { oddJson, oddText, SchemaArbitraries } from "./testing/schema-arbitraries";
import { jobEnvelope, json, startTestBaton, waitForEnd, type TestBaton } from "./testing/test-baton";

/** Requests per operation: as the administrator and as a user without rights. */
const ADMIN_RUNS = 5;
const NO_RIGHTS_RUNS = 3;
const SEED = 20261126;

/**
 * Path parameter values that name things that exist (so that a request passes its parameters and
 * reaches its body), or odd text. The client is always 100, whose users send the requests; the
 * target of client deletion is a client that does not exist, so that no request deletes one.
 */
function pathValue(name: string, samples: Readonly<Record<string, string>>): Arbitrary<string> {
  if (name === "client_id") return fc.constant("100");
  if (name === "target_client") return fc.constant("4711");
  return fc.oneof({ arbitrary: fc.constant(samples[name] ?? "X"), weight: 3 }, { arbitrary: oddText, weight: 1 });
}

/** The body: odd JSON as the whole body, or a body valid but for one odd member. */
function oddRequest(operation: DocumentOperation, arbitraries: SchemaArbitraries, samples: Readonly<Record<string, string>>): Arbitrary<RequestValues> {
  const paths = operation.parameters.filter((parameter) => parameter.in === "path");
  const queries = operation.parameters.filter((parameter) => parameter.in === "query").map((parameter) => parameter.name);
  const oneOddMember = operation.body === undefined ? undefined : arbitraries.withOddMember(operation.body, oddJson);
  const body: Arbitrary<unknown> = oneOddMember === undefined ? oddJson : fc.oneof(oddJson, oneOddMember);
  const query = queries.length === 0 ? fc.constant({}) : fc.dictionary(fc.constantFrom(...queries), oddText, { maxKeys: 2 });
  return fc
    .tuple(fc.tuple(...paths.map((parameter) => pathValue(parameter.name, samples))), query, body)
    .map(([values, queryValues, json]) => ({ ...Object.fromEntries(paths.map((parameter, index) => [parameter.name, values[index]])), ...queryValues, [BODY]: json }));
}

// Every operation of the served document, repositories and client deletion included, gets odd JSON
// from the administrator of client 100 and from a user of it without rights: bodies nested far past
// 64 levels, 10,000 members, strings near the body limit, 1e309, __proto__ and constructor members,
// NUL and lone surrogates. No answer may be a 5xx or come late, an error body must be OutError or
// OutValidationError[] and a success one what the document says, a refusal writes nothing, and the
// server answers GET /ping after each operation's batch.
describe.each(testDialects)("every operation under odd JSON on %s", (dialect) => {
  let test: TestBaton;
  let reader: Store;
  let atRest: DatabaseAtRest;
  let operations: DocumentOperation[];
  let arbitraries: SchemaArbitraries;
  let noRights: string;
  let samples: Record<string, string>;

  beforeAll(async () => {
    test = await startTestBaton(dialect);
    reader = await openStore({ dataDir: test.dataDir, databaseUrl: test.databaseUrl });
    atRest = new DatabaseAtRest(test, reader);
    noRights = await createUserWithoutRights(test, 100);
    const document = (await (await fetch(`${test.baton.restUrl}/openapi.json`)).json()) as JsonSchema;
    operations = documentOperations(document);
    arbitraries = new SchemaArbitraries(document);
    expect((await test.rest("/100/objects", json(jobEnvelope("ODD.JOB", ["echo odd"])))).status).toBe(200);
    const runId = OutRunId.parse(await (await test.rest("/100/executions", json({ objectName: "ODD.JOB", executionOption: "execute" }))).json()).run_id;
    await waitForEnd(test, 100, runId);
    samples = { object_name: "ODD.JOB", name: "ODD.JOB", run_id: String(runId), folder_path: "TESTS", report_type: "REP", forecast_id: "1", user: "NORIGHTS%2FOPS" };
  });

  afterAll(async () => {
    await reader.close();
    await test.stop();
  });

  it("answers odd JSON to every operation without a 5xx, in the documented shapes, and stays up", async () => {
    expect(operations.length).toBeGreaterThan(60);
    const problems: string[] = [];
    for (const [index, operation] of operations.entries()) {
      const requests = fc.sample(oddRequest(operation, arbitraries, samples), { numRuns: ADMIN_RUNS + NO_RIGHTS_RUNS, seed: SEED + index });
      for (const [n, values] of requests.entries()) {
        problems.push(...(await robustnessProblems(test, atRest, operation, values, n < ADMIN_RUNS ? undefined : noRights)));
      }
      const ping = await fetch(`${test.baton.restUrl}/ping`, { signal: AbortSignal.timeout(5000) });
      if (ping.status !== 200) problems.push(`after ${operation.key}: GET /ping answered ${ping.status}`);
    }
    expect(problems).toEqual([]);
  }, 80_000);
});
