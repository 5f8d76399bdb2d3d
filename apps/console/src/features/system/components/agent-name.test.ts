import { describe, expect, it } from "vitest";
import { readAgentName } from "./agent-name";

describe("read agent name", () => {
  it("takes a name in any case and upper-cases it, as the server does", () => {
    expect(readAgentName("far_1.prod")).toEqual({ name: "FAR_1.PROD" });
    expect(readAgentName(" WIN#2 ")).toEqual({ name: "WIN#2" });
  });

  it("asks for a name when there is none", () => {
    expect(readAgentName("  ")).toEqual({ problem: "Enter a name." });
  });

  it("names the characters an agent name may hold", () => {
    expect(readAgentName("my agent")).toEqual({ problem: expect.stringMatching(/letters, digits/) });
  });
});
