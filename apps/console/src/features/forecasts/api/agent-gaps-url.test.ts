import { describe, expect, it } from "vitest";
import { agentGapsFromSearch, agentGapsToSearch, isIsoDuration } from "./agent-gaps-url";

const NOW = Date.parse("2026-05-01T10:25:13Z");

describe("agent gaps range in the URL", () => {
  it("defaults to the day from the current hour and gaps of an hour", () => {
    expect(agentGapsFromSearch(new URLSearchParams(), NOW)).toEqual({ from: "2026-05-01T10:00:00Z", to: "2026-05-02T10:00:00Z", min: "PT1H" });
  });

  it("reads the bounds as UTC and keeps an empty minimum (every gap)", () => {
    const range = agentGapsFromSearch(new URLSearchParams("from=2026-05-03T02:00:00%2B02:00&to=2026-05-04T00:00:00Z&min="), NOW);
    expect(range).toEqual({ from: "2026-05-03T00:00:00Z", to: "2026-05-04T00:00:00Z", min: "" });
  });

  it("puts a day after a given from when to is missing or unreadable, and round-trips", () => {
    const range = agentGapsFromSearch(new URLSearchParams("from=2026-05-03T00:00:00Z&to=tomorrow&min=PT4H"), NOW);
    expect(range).toEqual({ from: "2026-05-03T00:00:00Z", to: "2026-05-04T00:00:00Z", min: "PT4H" });
    expect(agentGapsFromSearch(agentGapsToSearch(range), NOW)).toEqual(range);
  });

  it("tells ISO 8601 durations from other text", () => {
    expect(["PT15M", "P1DT30M", "PT1.5H"].map(isIsoDuration)).toEqual([true, true, true]);
    expect(["1h", "PT", "P", ""].map(isIsoDuration)).toEqual([false, false, false, false]);
  });
});
