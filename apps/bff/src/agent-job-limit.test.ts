import { OutExecution, OutForecast, OutForecastId, OutRunId } from "@baton/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobEnvelope, json, startTestBaton, until, waitForEnd, type TestBaton } from "./testing/test-baton";
import { workflow } from "./testing/workflow-envelope";

describe("an agent's limit of jobs at once", () => {
  let test: TestBaton;
  beforeAll(async () => {
    test = await startTestBaton("sqlite", { BATON_AGENT_MAX_JOBS: "1" });
  });
  afterAll(async () => {
    await test.stop();
  });

  async function start(name: string): Promise<number> {
    return OutRunId.parse(await (await test.rest("/100/executions", json({ objectName: name, executionOption: "execute" }))).json()).run_id;
  }

  async function status(runId: number): Promise<OutExecution> {
    return OutExecution.parse(await (await test.rest(`/100/executions/${runId}`)).json());
  }

  it("holds a second job back 1694 until the first has ended, then runs it", async () => {
    await test.rest("/100/objects", json(jobEnvelope("LIMIT.SLOW", ["sleep 1.5"])));
    const first = await start("LIMIT.SLOW");
    await until(async () => (await status(first)).status === 1550);
    const second = await start("LIMIT.SLOW");
    await until(async () => (await status(second)).status === 1694);
    expect(await status(second)).toMatchObject({ status_text: "Waiting for resource (max. jobs exceeded)", agent: "LOCAL" });
    const ended = await waitForEnd(test, 100, first);
    const after = await waitForEnd(test, 100, second);
    expect(after.status).toBe(1900);
    expect(Date.parse(after.start_time ?? "")).toBeGreaterThanOrEqual(Date.parse(ended.end_time ?? ""));
  });

  it("can be cancelled while it waits", async () => {
    const first = await start("LIMIT.SLOW");
    await until(async () => (await status(first)).status === 1550);
    const second = await start("LIMIT.SLOW");
    await until(async () => (await status(second)).status === 1694);
    expect((await test.rest(`/100/executions/${second}/status`, json({ action: "cancel" }))).status).toBe(200);
    expect(await waitForEnd(test, 100, second)).toMatchObject({ status: 1850 });
    await waitForEnd(test, 100, first);
  });

  it("is respected by forecasts: parallel tasks on the agent run one after the other", async () => {
    const fixed = (name: string) => jobEnvelope(name, ["true"], { general_attributes: { name, type: "JOBS", ert_method: "FIXED", ert_fixed: "60" } });
    await test.rest("/100/objects", json(fixed("LIMIT.A")));
    await test.rest("/100/objects", json(fixed("LIMIT.B")));
    await test.rest("/100/objects", json(workflow("LIMIT.FLOW", [{ name: "LIMIT.A" }, { name: "LIMIT.B" }], [2, 3])));
    const response = await test.rest("/100/forecasts", json({ forecast_option: "object", object: { name: "LIMIT.FLOW", start: "2030-01-01T00:00:00Z", title: "limit" } }));
    const id = OutForecastId.parse(await response.json()).forecast_id;
    const read = async () => OutForecast.parse(await (await test.rest(`/100/forecasts/${id}?fields=entries`)).json());
    await until(async () => (await read()).status !== 1550);
    const entries = (await read()).entries ?? [];
    const startOf = (name: string) => entries.find((e) => e.name === name)?.estimated_start;
    const starts = [startOf("LIMIT.A"), startOf("LIMIT.B")].map((t) => Date.parse(t ?? "")).sort((a, b) => a - b);
    expect((starts[1] ?? 0) - (starts[0] ?? 0)).toBe(60_000);
  });
});
