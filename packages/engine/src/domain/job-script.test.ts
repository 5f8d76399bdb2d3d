import { describe, expect, it } from "vitest";
import { jobTarget, objectVariables } from "./job-script";

describe("jobTarget", () => {
  it("reads agent (upper case), platform and shell", () => {
    expect(jobTarget({ general_attributes: { name: "J" }, job_attributes: { agent: "local", unix_shell: "bash", platform: "UNIX" } })).toEqual({ shell: "bash", agent: "LOCAL", platform: "UNIX", maxRuntimeSeconds: 0, login: undefined });
  });

  it("runs sh on UNIX by default", () => {
    expect(jobTarget({ general_attributes: { name: "J" }, job_attributes: { agent: "A" } })).toEqual({ shell: "sh", agent: "A", platform: "UNIX", maxRuntimeSeconds: 0, login: undefined });
  });

  it.each([
    ["30", 30],
    [15, 15],
    ["0", 0],
    ["-1", 0],
    ["1.5", 0],
    ["soon", 0],
  ])("reads mrt_time %j as a maximum runtime of %i s", (mrt, seconds) => {
    expect(jobTarget({ general_attributes: { name: "J", mrt_time: mrt }, job_attributes: { agent: "A" } }).maxRuntimeSeconds).toBe(seconds);
  });
});

describe("objectVariables", () => {
  it("keys variables by upper-case name and reads values as strings", () => {
    const variables = objectVariables({ general_attributes: { name: "J" }, object_variables: [{ name: "&target#", value: "/tmp" }, { name: "&N#", value: 3 }, { name: "&E#" }, "junk"] });
    expect([...variables]).toEqual([["&TARGET#", "/tmp"], ["&N#", "3"], ["&E#", ""]]);
  });
});
