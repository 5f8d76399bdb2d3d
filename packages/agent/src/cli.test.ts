import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { agentOptions } from "./cli";

describe("baton-agent command line", () => {
  it("reads the engine, an upper-cased name, the token from the environment and a job limit", () => {
    expect(agentOptions(["--engine", "http://engine:8080", "--name", "far.1", "--max-jobs", "4"], { BATON_AGENT_TOKEN: "t0ken" })).toEqual({
      engineUrl: "http://engine:8080",
      name: "FAR.1",
      token: "t0ken",
      dir: undefined,
      maxJobs: 4,
    });
  });

  it("refuses what it cannot use, saying how it is used", () => {
    expect(() => agentOptions(["--name", "A"], { BATON_AGENT_TOKEN: "t" })).toThrow(/--engine must be an http\(s\) URL\nusage:/);
    expect(() => agentOptions(["--engine", "http://e", "--name", "a b"], { BATON_AGENT_TOKEN: "t" })).toThrow(/--name/);
    expect(() => agentOptions(["--engine", "http://e", "--name", "A"], {})).toThrow(/token/);
    expect(() => agentOptions(["--engine", "http://e", "--name", "A", "--max-jobs", "0"], { BATON_AGENT_TOKEN: "t" })).toThrow(/--max-jobs/);
    expect(() => agentOptions(["--engine", "http://e", "--name", "A", "--bogus"], { BATON_AGENT_TOKEN: "t" })).toThrow(/bogus/);
  });

  it("takes what the command line leaves out from an agent.ini, its directory relative to the file", () => {
    const dir = mkdtempSync(join(tmpdir(), "baton-agent-config-"));
    try {
      writeFileSync(join(dir, "agent.ini"), "[GLOBAL]\nname=packed\n[ENGINE]\nurl=http://engine:8080\ntoken=from-file\n[AGENT]\ndir=.\nmax_jobs=2\n[EXTRA]\nkept=1\n");
      expect(agentOptions(["--config", join(dir, "agent.ini")], {})).toEqual({ engineUrl: "http://engine:8080", name: "PACKED", token: "from-file", dir, maxJobs: 2 });
      expect(agentOptions(["--config", join(dir, "agent.ini"), "--name", "other"], {}).name).toBe("OTHER");
      expect(() => agentOptions(["--config", join(dir, "missing.ini")], {})).toThrow(/cannot read --config/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
