import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { OutExecution } from "@baton/contract";
import { afterEach, describe, expect, it } from "vitest";
import { call, exited, startProcess, waitForStatus } from "./testing/baton-process";
import { jobEnvelope } from "./testing/test-baton";

// What the engine finds after a crash is tested on the engine (packages/engine/src/behaviour/lifecycle.test.ts);
// these cases are about the process itself: what it prints, and how it stops on Ctrl-C.
describe("process lifecycle", () => {
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  function dataDir(): string {
    const dir = mkdtempSync(join(tmpdir(), "baton-life-"));
    dirs.push(dir);
    return dir;
  }

  it("prints the URLs and a generated password once, and keeps data across a restart", async () => {
    const dir = dataDir();
    const first = await startProcess(dir, { BATON_ADMIN_PASSWORD: "" });
    children.push(first.child);
    const password = /Password: (\S+)\s+<- generated/.exec(first.output())?.[1];
    expect(password).toMatch(/^[\w-]{20,}$/);
    expect(first.output()).toContain("Console:  http://127.0.0.1:");
    const auth = `Basic ${Buffer.from(`ADMIN/ADMIN:${password}`).toString("base64")}`;
    expect((await fetch(`${first.rest}/100/executions`, { headers: { authorization: auth } })).status).toBe(200);
    first.child.kill("SIGINT");
    expect(await exited(first.child)).toBe(0);

    const second = await startProcess(dir, { BATON_ADMIN_PASSWORD: "" });
    children.push(second.child);
    expect(second.output()).not.toMatch(/<- generated/);
    expect((await fetch(`${second.rest}/0/executions`, { headers: { authorization: auth } })).status).toBe(200);
    second.child.kill("SIGINT");
    expect(await exited(second.child)).toBe(0);
  });

  it("on Ctrl-C lets a short job finish and records a long one as lost, then exits cleanly", async () => {
    const dir = dataDir();
    const first = await startProcess(dir, { BATON_SHUTDOWN_GRACE_MS: "1500" });
    children.push(first.child);
    await call(first.rest, "/100/objects", jobEnvelope("LIFE.SHORT", ["sleep 0.5", "echo short-done"]));
    await call(first.rest, "/100/objects", jobEnvelope("LIFE.LONG", ["sleep 60"]));
    const short = await call<{ run_id: number }>(first.rest, "/100/executions", { objectName: "LIFE.SHORT", executionOption: "execute" });
    const long = await call<{ run_id: number }>(first.rest, "/100/executions", { objectName: "LIFE.LONG", executionOption: "execute" });
    await waitForStatus(first.rest, short.run_id, (s) => s >= 1550);
    await waitForStatus(first.rest, long.run_id, (s) => s === 1550);
    first.child.kill("SIGINT");
    expect(await exited(first.child)).toBe(0);

    const second = await startProcess(dir);
    children.push(second.child);
    expect(await call<OutExecution>(second.rest, `/100/executions/${short.run_id}`)).toMatchObject({ status: 1900 });
    expect(await call<OutExecution>(second.rest, `/100/executions/${long.run_id}`)).toMatchObject({ status: 1815 });
    second.child.kill("SIGINT");
    expect(await exited(second.child)).toBe(0);
  });
});
