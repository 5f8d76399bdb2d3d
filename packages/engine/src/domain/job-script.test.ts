import { describe, expect, it } from "vitest";
import { generateJob } from "./job-script";

describe("generateJob", () => {
  it("substitutes object variables in shell lines and keeps script-language lines out of the shell", () => {
    const generated = generateJob({
      general_attributes: { name: "J" },
      job_attributes: { agent: "local", unix_shell: "bash", platform: "UNIX" },
      scripts: [{ pre_process: [":SET &X# = 1"] }, { process: [":PRINT 'x'", "! a comment", "mkdir -p &target#/x", "echo &UNKNOWN# &TARGET#"] }],
      object_variables: [{ name: "&TARGET#", value: "/tmp/b" }],
    });
    expect(generated).toEqual({ shell: "bash", agent: "LOCAL", platform: "UNIX", script: "mkdir -p /tmp/b/x\necho &UNKNOWN# /tmp/b\n" });
  });

  it("runs /bin/sh by default and an empty process as an empty script", () => {
    expect(generateJob({ general_attributes: { name: "J" }, job_attributes: { agent: "A" } })).toEqual({ shell: "sh", agent: "A", platform: "UNIX", script: "" });
  });
});
