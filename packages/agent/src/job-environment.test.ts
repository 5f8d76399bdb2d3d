import { describe, expect, it } from "vitest";
import { OTHER_USER_PATH, jobEnvironment } from "./job-environment";

const host = {
  PATH: "/opt/engine/bin:/usr/bin:/bin",
  HOME: "/root",
  LANG: "C.UTF-8",
  LC_TIME: "de_DE.UTF-8",
  TZ: "Europe/Vienna",
  TMPDIR: "/var/tmp/engine",
  SHELL: "/bin/zsh",
  USER: "root",
  BATON_ADMIN_PASSWORD: "admin-secret",
  BATON_AGENT_TOKEN: "agent-token",
  BATON_SESSION_KEY: "session-key",
  DATABASE_URL: "postgres://baton:pw@db/baton",
  TEST_DATABASE_URL: "postgres://baton:pw@db/test",
  AWS_SECRET_ACCESS_KEY: "aws",
  NODE_OPTIONS: "--require /tmp/x.js",
  LD_PRELOAD: "/tmp/x.so",
  UNSET: undefined,
};
const self = { name: "root", home: "/root", shell: "/bin/bash" };
const batch = { name: "batch", home: "/home/batch", shell: "/bin/sh" };

describe("jobEnvironment", () => {
  it.each([
    [
      "the agent's own user: PATH, locale, TZ and TMPDIR of the host, the user's HOME/SHELL/USER/LOGNAME, nothing else of the host",
      { identity: self, otherUser: false, requested: {} },
      { PATH: host.PATH, LANG: "C.UTF-8", LC_TIME: "de_DE.UTF-8", TZ: "Europe/Vienna", TMPDIR: "/var/tmp/engine", HOME: "/root", SHELL: "/bin/bash", USER: "root", LOGNAME: "root", BATON_RUN_ID: "42" },
    ],
    [
      "another OS user: its own HOME and names, the standard PATH, no TMPDIR of the agent",
      { identity: batch, otherUser: true, requested: {} },
      { PATH: OTHER_USER_PATH, LANG: "C.UTF-8", LC_TIME: "de_DE.UTF-8", TZ: "Europe/Vienna", HOME: "/home/batch", SHELL: "/bin/sh", USER: "batch", LOGNAME: "batch", BATON_RUN_ID: "42" },
    ],
    [
      "the job's own variables, but none that the agent decides or that change the shell or loader",
      {
        identity: self,
        otherUser: false,
        requested: { BATON_JOB: "J", IN: "value", PATH: "/tmp/evil", HOME: "/tmp", LC_ALL: "x", LD_PRELOAD: "/tmp/x.so", BASH_ENV: "/tmp/x", ENV: "/tmp/x", IFS: "/", "BASH_FUNC_ls%%": "() { id; }", "NOT-A-NAME": "v", BATON_RUN_ID: "1", NUL: "a\0b" },
      },
      { PATH: host.PATH, LANG: "C.UTF-8", LC_TIME: "de_DE.UTF-8", TZ: "Europe/Vienna", TMPDIR: "/var/tmp/engine", HOME: "/root", SHELL: "/bin/bash", USER: "root", LOGNAME: "root", BATON_JOB: "J", IN: "value", BATON_RUN_ID: "42" },
    ],
  ])("%s", (_, { identity, otherUser, requested }, expected) => {
    expect(jobEnvironment({ host, identity, otherUser, requested, runId: 42 })).toEqual(expected);
  });

  it("gives a job a PATH when the host has none", () => {
    expect(jobEnvironment({ host: {}, identity: self, otherUser: false, requested: {}, runId: 1 })["PATH"]).toBe(OTHER_USER_PATH);
  });
});
