import { chmodSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { startTestBaton } from "../testing/test-baton";

// Another OS user on the host must not read the database (password hashes, sealed console
// logins, every object and report) nor the secrets Baton generates into its data directory.

const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);
const LogLine = z.object({ msg: z.string().optional(), file: z.string().optional(), mode: z.string().optional() });
const PRIVATE_FILES = ["baton.sqlite", "baton.sqlite-wal", "baton.sqlite-shm", "agent-token", "session-key"];

describe("files on disk", () => {
  const parent = mkdtempSync(join(tmpdir(), "baton-modes-"));
  const dataDir = join(parent, "data");
  afterAll(() => rmSync(parent, { recursive: true, force: true }));

  it("creates the data directory 0700 and the database (with its -wal and -shm) and secret files 0600", async () => {
    const test = await startTestBaton("sqlite", { DATA_DIR: dataDir });
    try {
      // A write, so that the write-ahead log holds something.
      expect((await test.rest("/100/executions")).status).toBe(200);
      expect(mode(dataDir)).toBe("700");
      for (const file of PRIVATE_FILES) expect(`${file} ${mode(join(dataDir, file))}`).toBe(`${file} 600`);
    } finally {
      await test.stop();
    }
  });

  it("tightens database and secret files that others could read when it starts, and says so in its log", async () => {
    for (const file of ["baton.sqlite", "agent-token", "session-key"]) chmodSync(join(dataDir, file), 0o644);
    const test = await startTestBaton("sqlite", { DATA_DIR: dataDir });
    try {
      for (const file of PRIVATE_FILES) expect(`${file} ${mode(join(dataDir, file))}`).toBe(`${file} 600`);
      const tightened = test.logs.map((line) => LogLine.parse(JSON.parse(line))).filter((entry) => entry.msg?.includes("its mode is now 0600"));
      expect(tightened.map((entry) => [entry.file?.slice(dataDir.length + 1), entry.mode]).sort()).toEqual([
        ["agent-token", "0644"],
        ["baton.sqlite", "0644"],
        ["session-key", "0644"],
      ]);
    } finally {
      await test.stop();
    }
  });
});
