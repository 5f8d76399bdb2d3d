import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ErrorCode } from "@baton/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "../testing/test-databases";
import { refusal, startTestEngine, type TestEngine } from "../testing/test-engine";

function transfer(name: string, attributes: Record<string, string>) {
  return { data: { jobf: { general_attributes: { name, type: "JOBF" }, file_transfer_attributes: attributes } }, path: "TRANSFERS" };
}

describe.each(testDialects)("file transfers on %s", (dialect) => {
  let test: TestEngine;
  let root: string;
  beforeAll(async () => {
    test = await startTestEngine(dialect, { agentNames: ["LOCAL", "SECOND"] });
    root = mkdtempSync(join(tmpdir(), "baton-jobf-"));
    mkdirSync(join(root, "in"));
    mkdirSync(join(root, "out"));
    writeFileSync(join(root, "in", "a.csv"), "1,2\n");
    writeFileSync(join(root, "in", "b.csv"), "3,4,5\n");
  });
  afterAll(async () => {
    await test.stop();
    rmSync(root, { recursive: true, force: true });
  });

  async function run(name: string): Promise<{ status: number; rep: string; act: string }> {
    const runId = await test.start(name);
    const execution = await test.waitForEnd(runId);
    // A transfer that copies nothing has no REP report.
    return { status: execution.status, rep: await test.reportText(runId, "REP"), act: await test.reportText(runId, "ACT") };
  }

  it("copies the matching files on the agent and reports each with its bytes", async () => {
    await test.importObjects(transfer("JOBF.CSV", { source_agent: "LOCAL", source_path: join(root, "in", "*.csv"), destination_agent: "LOCAL", destination_path: `${join(root, "out")}/` }));
    const { status, rep } = await run("JOBF.CSV");
    expect(status).toBe(1900);
    expect(rep).toContain(`copied LOCAL:${join(root, "in", "a.csv")} -> LOCAL:${join(root, "out", "a.csv")} (4 bytes)`);
    expect(rep).toContain("2 of 2 files copied, 10 bytes");
    expect(readFileSync(join(root, "out", "b.csv"), "utf8")).toBe("3,4,5\n");
  });

  it("ends not OK when a file exists and overwrite is off, and OK with overwrite", async () => {
    const again = await run("JOBF.CSV");
    expect(again.status).toBe(1800);
    expect(again.rep).toContain("the destination exists and overwrite is off");
    await test.importObjects(transfer("JOBF.CSV", { source_agent: "LOCAL", source_path: join(root, "in", "*.csv"), destination_agent: "LOCAL", destination_path: join(root, "out"), overwrite: "1" }));
    expect((await run("JOBF.CSV")).status).toBe(1900);
  });

  it("streams files from one agent to another and names both ends", async () => {
    mkdirSync(join(root, "far"));
    await test.importObjects(transfer("JOBF.ACROSS", { source_agent: "LOCAL", source_path: join(root, "in", "b.csv"), destination_agent: "SECOND", destination_path: join(root, "far", "copy.csv") }));
    const { status, rep, act } = await run("JOBF.ACROSS");
    expect(status).toBe(1900);
    expect(rep).toContain(`copied LOCAL:${join(root, "in", "b.csv")} -> SECOND:${join(root, "far", "copy.csv")} (6 bytes)`);
    expect(act).toContain("from agent 'LOCAL' to agent 'SECOND'");
    expect(readFileSync(join(root, "far", "copy.csv"), "utf8")).toBe("3,4,5\n");
  });

  it("ends not OK when several files match a single destination file, copying nothing", async () => {
    await test.importObjects(transfer("JOBF.MANY", { source_agent: "LOCAL", source_path: join(root, "in", "*.csv"), destination_agent: "SECOND", destination_path: join(root, "single.csv") }));
    const { status, act } = await run("JOBF.MANY");
    expect(status).toBe(1800);
    expect(act).toContain("2 files match but the destination");
    expect(() => readFileSync(join(root, "single.csv"))).toThrow();
  });

  it("ends not OK when no file matches, and FAULT_NO_HOST for an unknown agent", async () => {
    await test.importObjects(transfer("JOBF.NONE", { source_agent: "LOCAL", source_path: join(root, "in", "*.xml"), destination_agent: "LOCAL", destination_path: join(root, "out") }));
    const none = await run("JOBF.NONE");
    expect(none.status).toBe(1800);
    expect(none.act).toContain("No file matches");
    await test.importObjects(transfer("JOBF.FAR", { source_agent: "FARAWAY", source_path: join(root, "in", "*.csv"), destination_agent: "LOCAL", destination_path: join(root, "out") }));
    expect((await run("JOBF.FAR")).status).toBe(1821);
  });

  it("refuses a transfer object without its paths and agents", async () => {
    expect(await refusal(test.importObjects(transfer("JOBF.BROKEN", { source_agent: "LOCAL" })))).toMatchObject({
      kind: "validation",
      issues: [
        expect.objectContaining({ code: ErrorCode.INVALID_OBJECT, path: "data.jobf.file_transfer_attributes.source_path" }),
        expect.objectContaining({ path: "data.jobf.file_transfer_attributes.destination_agent" }),
        expect.objectContaining({ path: "data.jobf.file_transfer_attributes.destination_path" }),
      ],
    });
  });
});
