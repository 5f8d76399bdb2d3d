import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore } from "./connect";
import { startCheckpointer, type Checkpointer } from "./sqlite-checkpointer";

/** About 2,500 pages of 4 KiB in one commit: past SQLite's own checkpoint threshold of 1,000. */
function writePages(connection: SQLite.Database): void {
  const insert = connection.prepare("insert into filler (data) values (?)");
  connection.transaction(() => {
    for (let i = 0; i < 2500; i++) insert.run(Buffer.alloc(4000, i % 256));
  })();
}

async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("SQLite checkpoints on a worker thread", () => {
  let dir: string;
  let connection: SQLite.Database;
  let checkpointer: Checkpointer | undefined;
  const databaseFile = () => join(dir, "db.sqlite");

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "baton-checkpointer-"));
    connection = new SQLite(databaseFile());
    connection.pragma("journal_mode = WAL");
    connection.pragma("synchronous = NORMAL");
    connection.exec("create table filler (data blob)");
  });
  afterEach(async () => {
    await checkpointer?.stop();
    checkpointer = undefined;
    connection.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("leaves the pages of a large commit in the log: the engine's commits do not checkpoint", () => {
    checkpointer = startCheckpointer(connection, 3_600_000);
    const before = statSync(databaseFile()).size;
    writePages(connection);
    expect(statSync(databaseFile()).size).toBe(before);
    expect(statSync(`${databaseFile()}-wal`).size).toBeGreaterThan(2500 * 4096);
  });

  it("copies the log into the database from its own connection", async () => {
    checkpointer = startCheckpointer(connection, 20);
    writePages(connection);
    await until(() => statSync(databaseFile()).size > 2500 * 4000);
    expect(connection.prepare("select count(*) as n from filler").get()).toEqual({ n: 2500 });
  });

  it("is part of a store: closed with it, after which no log is left", async () => {
    const store = await openStore({ dataDir: dir });
    expect(await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(store.db)).toMatchObject({ rows: [{ wal_autocheckpoint: 0 }] });
    await store.close();
    expect(existsSync(join(dir, "baton.sqlite-wal"))).toBe(false);
  });
});
