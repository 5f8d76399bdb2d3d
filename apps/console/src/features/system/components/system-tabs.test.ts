import { describe, expect, it } from "vitest";
import { systemTabOf } from "./system-tabs";

describe("system tab of a location", () => {
  it("is the screen after /system", () => {
    expect(systemTabOf("/system/agents")).toBe("agents");
    expect(systemTabOf("/system/agentgroups")).toBe("agentgroups");
    expect(systemTabOf("/system/metrics/")).toBe("metrics");
    expect(systemTabOf("/system/ra-solutions")).toBe("ra-solutions");
    expect(systemTabOf("/system/clients")).toBe("clients");
  });

  it("is none for /system itself, unknown screens and other areas", () => {
    expect(systemTabOf("/system")).toBe(false);
    expect(systemTabOf("/system/licenses")).toBe(false);
    expect(systemTabOf("/executions/agents")).toBe(false);
  });
});
