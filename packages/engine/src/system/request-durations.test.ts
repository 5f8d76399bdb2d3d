import fc from "fast-check";
import { Histogram, Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { RequestDurations } from "./request-durations";

const NAME = "baton_api_request_duration_seconds";
const HELP = "REST API request durations, by route pattern, method and status.";
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

/** prom-client's Histogram text for the same observations: what scrapers read from every other family. */
async function promClientText(observations: ReadonlyArray<{ route: string; method: string; status: number; seconds: number }>): Promise<string> {
  const registry = new Registry();
  const histogram = new Histogram({ name: NAME, help: HELP, labelNames: ["route", "method", "status"], buckets: BUCKETS, registers: [registry] });
  for (const { route, method, status, seconds } of observations) histogram.observe({ route, method, status: String(status) }, seconds);
  return (await registry.metrics()).trimEnd();
}

describe("RequestDurations", () => {
  it("writes the text prom-client writes for the same observations, bounds and odd label values included", async () => {
    const observation = fc.record({
      route: fc.constantFrom("/ping", "/:client_id/executions", '/odd\\"path\nline'),
      method: fc.constantFrom("GET", "POST"),
      status: fc.constantFrom(200, 404, 503),
      seconds: fc.oneof(fc.constantFrom(...BUCKETS, 0, 3), fc.double({ min: 0, max: 4, noNaN: true })),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(observation, { maxLength: 60 }), async (observations) => {
        const durations = new RequestDurations(NAME, HELP, BUCKETS);
        for (const { route, method, status, seconds } of observations) durations.observe(route, method, status, seconds);
        expect(durations.text()).toBe(await promClientText(observations));
      }),
    );
  });

  it("counts a duration equal to a bound in that bound's bucket, and one above every bound only in +Inf", () => {
    const durations = new RequestDurations(NAME, HELP, [0.1, 1]);
    durations.observe("/ping", "GET", 200, 0.1);
    durations.observe("/ping", "GET", 200, 5);
    expect(durations.text().split("\n").slice(2)).toEqual([
      `${NAME}_bucket{le="0.1",route="/ping",method="GET",status="200"} 1`,
      `${NAME}_bucket{le="1",route="/ping",method="GET",status="200"} 1`,
      `${NAME}_bucket{le="+Inf",route="/ping",method="GET",status="200"} 2`,
      `${NAME}_sum{route="/ping",method="GET",status="200"} 5.1`,
      `${NAME}_count{route="/ping",method="GET",status="200"} 2`,
    ]);
  });
});
