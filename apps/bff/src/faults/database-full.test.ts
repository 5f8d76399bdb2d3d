import { ErrorCode, OutExecution, OutRunId } from "@baton/contract";
import { sqliteIntegrity } from "@baton/engine/testing";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reportText } from "../testing/report-text";
import { waitForStatus } from "../testing/baton-process";
import { jobEnvelope, until } from "../testing/test-baton";
import { faultBatons, post, type FaultBaton } from "./fault-batons";
import { exportedJobName, folderExport } from "./folder-export";
import { mountSmallDisk, type SmallDisk } from "./small-disk";

/**
 * SQLite only: its file lives on a filesystem of the test's own, filled to the last byte (a real
 * ENOSPC, which SQLite reports as SQLITE_FULL). A PostgreSQL server's disk is not the test's to fill.
 */
const disk = mountSmallDisk(64);

describe.skipIf(typeof disk === "string")(`the disk of the database full (SQLite; ${typeof disk === "string" ? `skipped: ${disk}` : "a 64 MiB tmpfs"})`, () => {
  const batons = faultBatons();
  let small: SmallDisk;
  let signals: string;
  beforeAll(() => {
    if (typeof disk !== "string") small = disk;
    signals = mkdtempSync(join(tmpdir(), "baton-full-"));
  });
  afterAll(() => {
    small.unmount();
    rmSync(signals, { recursive: true, force: true });
  });

  async function startOnSmallDisk(name: string): Promise<FaultBaton> {
    const baton = await batons.startOn(await batons.database("sqlite", join(small.dir, name)));
    return baton;
  }
  const execute = async (baton: FaultBaton, name: string) => OutRunId.parse(await (await baton.send("/100/executions", post({ object_name: name, execution_option: "execute" }))).json()).run_id;
  /** The whole report, page by page. */
  const report = (baton: FaultBaton, runId: number, type: string) => reportText(baton.send, 100, runId, type);
  const importFolder = (baton: FaultBaton, body: string) => baton.send("/100/folderobjects?folder_path=FULL", { method: "POST", body });

  it("refuses an import with 503 DATABASE_FULL, keeps the database whole, and imports once space is freed", { timeout: 90_000 }, async () => {
    const baton = await startOnSmallDisk("import");
    const body = folderExport("FULL", 3000);
    small.fill();
    try {
      const refused = await importFolder(baton, body);
      expect(refused.status).toBe(503);
      expect(await refused.json()).toMatchObject({ code: ErrorCode.DATABASE_FULL, error: "The database is full.", details: expect.stringContaining("free disk space") });
      expect((await baton.send(`/100/objects/${exportedJobName("FULL", 0)}`)).status).toBe(404);
      expect((await baton.send(`/100/objects/${exportedJobName("FULL", 2999)}`)).status).toBe(404);
    } finally {
      small.free();
    }
    expect(sqliteIntegrity(baton.location.dataDir)).toBe("ok");
    const imported = await importFolder(baton, body);
    expect(imported.status).toBe(200);
    expect((await baton.send(`/100/objects/${exportedJobName("FULL", 2999)}`)).status).toBe(200);
    const runId = await execute(baton, exportedJobName("FULL", 7));
    expect(OutExecution.parse(await waitForStatus(baton.rest, runId, (status) => status >= 1800)).status).toBe(1900);
  });

  it("keeps a job running while its output cannot be stored, and ends it ENDED_NOT_OK saying so once its end can be written", { timeout: 90_000 }, async () => {
    const baton = await startOnSmallDisk("report");
    const go = join(signals, "go");
    // 8 MB of output, more than the engine keeps while the database refuses it (1 Mi characters).
    await baton.send("/100/objects", post(jobEnvelope("FULL.CHATTY", ["echo waiting", `while [ ! -f ${go} ]; do sleep 0.05; done`, `yes ${"x".repeat(99)} | head -n 80000`, "echo last line"])));
    const runId = await execute(baton, "FULL.CHATTY");
    await until(async () => (await report(baton, runId, "REP")) === "waiting\n");
    small.fill();
    try {
      writeFileSync(go, "");
      // The output meets the full disk and is not stored. The job's end is recorded once the
      // database takes a write again: after space is freed, or earlier in log pages a checkpoint
      // has made free for reuse (docs/decisions.md, "SQLite checkpoints").
      await new Promise((resolve) => setTimeout(resolve, 4000));
      expect(existsSync(go)).toBe(true);
      const meanwhile = OutExecution.parse(await (await baton.send(`/100/executions/${runId}`)).json());
      expect([1550, 1800]).toContain(meanwhile.status);
    } finally {
      small.free();
    }
    const ended = OutExecution.parse(await waitForStatus(baton.rest, runId, (status) => status >= 1800));
    expect(ended).toMatchObject({ status: 1800, return_code: 0 });
    expect(await report(baton, runId, "ACT")).toMatch(/U00011419 \d+ characters of the job's output could not be stored while the database refused writes \(busy or full\): report REP is incomplete\./);
    expect(await report(baton, runId, "REP")).toMatch(/^waiting\n[\s\S]*x\nlast line\n$/);
    expect(sqliteIntegrity(baton.location.dataDir)).toBe("ok");
  });
});
