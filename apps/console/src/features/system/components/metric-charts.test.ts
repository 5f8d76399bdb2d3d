import { describe, expect, it } from "vitest";
import { METRIC_TYPES, type MetricType, type OutMetrics } from "@baton/contract";
import type { MetricReading } from "../api/get-metrics";
import { METRIC_CHARTS, formatSample, latestSample, metricRows, timeTickLabel, timeTicks } from "./metric-charts";

const frame = { from: "2026-11-22T12:00:00Z", to: "2026-11-22T13:00:00Z" };

/** A reading of `type` as the endpoint answers it: one entry per sampled minute, the value under the type's name. */
function reading(type: MetricType, samples: { timestamp: string; value: number }[]): MetricReading {
  const entries: OutMetrics = samples.map(({ timestamp, value }) => ({ idnr: Date.parse(timestamp) / 1000, type, timestamp, wp_name: "BATON", tcp_ip_addr: "", srv_type: "WP", interval: 1, values: { [type]: value } }));
  return { type, frame, entries };
}

describe("metric rows", () => {
  it("joins series by minute, oldest first, leaving out what a series did not sample", () => {
    const started = reading("executions_started", [{ timestamp: "2026-11-22T12:02:00Z", value: 4 }, { timestamp: "2026-11-22T12:01:00Z", value: 2 }]);
    const ok = reading("executions_ended_ok", [{ timestamp: "2026-11-22T12:02:00Z", value: 3 }]);
    expect(metricRows([started, ok])).toEqual([
      { time: Date.parse("2026-11-22T12:01:00Z"), executions_started: 2 },
      { time: Date.parse("2026-11-22T12:02:00Z"), executions_started: 4, executions_ended_ok: 3 },
    ]);
  });

  it("is empty when nothing was sampled", () => {
    expect(metricRows([reading("agents_connected", [])])).toEqual([]);
  });
});

describe("latest sample", () => {
  it("is the newest, whatever the order of the answer", () => {
    const series = reading("agents_connected", [{ timestamp: "2026-11-22T12:05:00Z", value: 2 }, { timestamp: "2026-11-22T12:03:00Z", value: 1 }]);
    expect(latestSample(series)).toEqual({ time: Date.parse("2026-11-22T12:05:00Z"), value: 2 });
    expect(latestSample({ ...series, entries: [] })).toBeNull();
  });
});

describe("metric charts", () => {
  it("draw every series the engine samples exactly once", () => {
    const drawn = METRIC_CHARTS.flatMap((chart) => chart.lines.map((line) => line.type)).sort();
    expect(new Set(drawn).size).toBe(drawn.length);
    expect(drawn).toEqual([...METRIC_TYPES].sort());
  });
});

describe("time tick label", () => {
  const time = new Date(2026, 10, 22, 9, 5).getTime();

  it("is the clock time within a day", () => {
    expect(timeTickLabel(time, 3_600_000)).toBe("09:05");
  });

  it("adds the day over longer ranges", () => {
    expect(timeTickLabel(time, 3 * 24 * 3_600_000)).toBe("11-22 09:05");
  });
});

describe("time ticks", () => {
  const at = (hours: number, minutes: number) => new Date(2026, 10, 22, hours, minutes).getTime();

  it("fall on round local minutes within the range", () => {
    expect(timeTicks(at(9, 3), at(10, 3))).toEqual([at(9, 10), at(9, 20), at(9, 30), at(9, 40), at(9, 50), at(10, 0)]);
  });

  it("step by minutes for a short range", () => {
    expect(timeTicks(at(9, 0), at(9, 15))).toEqual([at(9, 0), at(9, 5), at(9, 10), at(9, 15)]);
  });

  it("step by hours for a day", () => {
    const ticks = timeTicks(at(9, 30), at(9, 30) + 24 * 3_600_000);
    expect(ticks.length).toBeLessThanOrEqual(7);
    expect(ticks.every((tick) => new Date(tick).getMinutes() === 0)).toBe(true);
  });

  it("are none for an empty range", () => {
    expect(timeTicks(at(9, 0), at(9, 0))).toEqual([]);
  });
});

describe("sample format", () => {
  it("keeps counts whole and rounds latencies", () => {
    expect(formatSample(12)).toBe("12");
    expect(formatSample(1.735057)).toBe("1.7");
  });
});
