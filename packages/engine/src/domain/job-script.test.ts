import { describe, expect, it } from "vitest";
import { jobTarget, objectVariables } from "./job-script";

describe("jobTarget", () => {
  it("reads agent (upper case), platform and shell", () => {
    expect(jobTarget({ general_attributes: { name: "J" }, job_attributes: { agent: "local", unix_shell: "bash", platform: "UNIX" } })).toEqual({ shell: "bash", agent: "LOCAL", platform: "UNIX" });
  });

  it("runs sh on UNIX by default", () => {
    expect(jobTarget({ general_attributes: { name: "J" }, job_attributes: { agent: "A" } })).toEqual({ shell: "sh", agent: "A", platform: "UNIX" });
  });
});

describe("objectVariables", () => {
  it("keys variables by upper-case name and reads values as strings", () => {
    const variables = objectVariables({ general_attributes: { name: "J" }, object_variables: [{ name: "&target#", value: "/tmp" }, { name: "&N#", value: 3 }, { name: "&E#" }, "junk"] });
    expect([...variables]).toEqual([["&TARGET#", "/tmp"], ["&N#", "3"], ["&E#", ""]]);
  });
});
