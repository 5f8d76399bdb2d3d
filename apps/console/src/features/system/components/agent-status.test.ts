import { describe, expect, it } from "vitest";
import { agentStatusLabels } from "./agent-status";

describe("agent status in words", () => {
  it("says whether the agent is connected", () => {
    expect(agentStatusLabels({ active: true, authenticated: true })).toEqual(["Connected"]);
    expect(agentStatusLabels({ active: false, authenticated: true })).toEqual(["Not connected"]);
  });

  it("adds that an agent waits for authentication", () => {
    expect(agentStatusLabels({ active: true, authenticated: false })).toEqual(["Connected", "Waiting for authentication"]);
  });
});
