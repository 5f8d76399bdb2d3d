import { OutForecastId, OutRunId } from "@baton/contract";
import { openStore, type Store } from "@baton/engine";
import { testDialects } from "@baton/engine/testing";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BODY, DatabaseAtRest, fuzzedOperations, robustnessProblems, startCallbackSink, type DocumentOperation } from "./testing/fuzz-harness";
import { KINDS, mostly, SchemaArbitraries, type Kind } from "./testing/schema-arbitraries";
import type { JsonSchema } from "./testing/client-spellings";
import { jobEnvelope, json, startTestBaton, waitForEnd, type TestBaton } from "./testing/test-baton";
import { workflow } from "./testing/workflow-envelope";

/** Requests per operation and kind: 70 operations × 3 kinds × 8 ≈ 1,650 requests per database. */
const RUNS_PER_KIND = 8;
const SEED = 20261124;

/**
 * The schema of one operation's whole request: its parameters and its body as members of one
 * object, so that "one member wrong" may hit a path or query parameter or somewhere in the body.
 */
function requestSchema(operation: DocumentOperation): JsonSchema {
  const properties: JsonSchema = Object.fromEntries(operation.parameters.map((parameter) => [parameter.name, parameter.schema]));
  const required = operation.parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name);
  if (operation.body !== undefined) {
    properties[BODY] = operation.body;
    if (operation.bodyRequired) required.push(BODY);
  }
  return { type: "object", properties, required };
}

// Every operation of the served document gets requests generated from its schemas: valid ones (which
// reach deep code: names, run ids and forecast ids are mostly ones that exist), boundary ones and
// invalid ones. None may get a 5xx or no answer within 10 s; every answer is documented, every error
// body an OutError or OutValidationError[]; and a refused request changes no table, definitions or
// executions (see DatabaseAtRest for how running executions are kept out of the comparison).
describe.each(testDialects)("every operation under requests made from its schemas on %s", (dialect) => {
  let test: TestBaton;
  let reader: Store;
  let atRest: DatabaseAtRest;
  let sink: Awaited<ReturnType<typeof startCallbackSink>>;
  let operations: DocumentOperation[];
  let arbitraries: SchemaArbitraries;

  beforeAll(async () => {
    test = await startTestBaton(dialect);
    reader = await openStore({ dataDir: test.dataDir, databaseUrl: test.databaseUrl });
    atRest = new DatabaseAtRest(test, reader);
    sink = await startCallbackSink();
    operations = await fuzzedOperations(test);
    const document = (await (await fetch(`${test.baton.restUrl}/openapi.json`)).json()) as JsonSchema;

    // Things for valid requests to find: jobs that end at once, well and badly, a workflow of the good one,
    // a run of each and a forecast.
    const names = ["FUZZ.OK", "FUZZ.FAIL", "FUZZ.FLOW"];
    for (const envelope of [jobEnvelope("FUZZ.OK", ["echo fuzz"]), jobEnvelope("FUZZ.FAIL", ["exit 3"]), workflow("FUZZ.FLOW", [{ name: "FUZZ.OK" }], [2])]) {
      expect((await test.rest("/100/objects", json(envelope))).status).toBe(200);
    }
    const runIds: number[] = [];
    for (const objectName of names) {
      const runId = OutRunId.parse(await (await test.rest("/100/executions", json({ objectName, executionOption: "execute" }))).json()).run_id;
      await waitForEnd(test, 100, runId);
      runIds.push(runId);
    }
    const forecast = await test.rest("/100/forecasts", json({ forecast_option: "object", object: { name: "FUZZ.FLOW", start: new Date().toISOString(), title: "fuzz" } }));
    const forecastId = Number(OutForecastId.parse(await forecast.json()).forecast_id);

    arbitraries = new SchemaArbitraries(document, {
      client_id: mostly([100], 20),
      object_name: mostly(names),
      objectName: mostly(names),
      name: mostly(names),
      folder_path: mostly(["TESTS", "FLOWS"]),
      run_id: mostly(runIds),
      forecast_id: mostly([forecastId]),
      report_type: mostly(["REP", "LOG"]),
      // Callbacks go to a local endpoint that takes them at once: a delivery due elsewhere would keep writing.
      url: () => fc.constant(sink.url),
    });
  }, 60_000);

  afterAll(async () => {
    await reader.close();
    await test.stop();
    await sink.close();
  });

  it.each(KINDS)("answers %s requests to every operation robustly", async (kind: Kind) => {
    expect(operations.length).toBeGreaterThan(60);
    const problems: string[] = [];
    for (const [index, operation] of operations.entries()) {
      const arbitrary = arbitraries.objects(kind, requestSchema(operation));
      // Operations without parameters and body (GET /ping) have nothing to get wrong.
      if (arbitrary === undefined) continue;
      // A path parameter left out or empty makes a URL of no operation (`/100/objects//inputs`), which
      // the router gives to whatever else matches: that is not a request to this operation.
      const paths = operation.parameters.filter((parameter) => parameter.in === "path").map((parameter) => parameter.name);
      const inPath = arbitrary.filter((values) => paths.every((name) => values[name] !== undefined && values[name] !== ""));
      const requests = fc.sample(inPath, { numRuns: RUNS_PER_KIND, seed: SEED + index });
      for (const values of requests) problems.push(...(await robustnessProblems(test, atRest, operation, values)));
    }
    expect(problems).toEqual([]);
  }, 240_000);
});
