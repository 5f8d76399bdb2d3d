import pg from "pg";
import { describe, expect, it } from "vitest";
import { lsnBytes, pgbenchTps, readWriteSnapshot, writesPerItem } from "./pg-stats";

describe("lsnBytes", () => {
  it.each([
    { lsn: "0/0", bytes: 0 },
    { lsn: "0/16B3748", bytes: 0x16b3748 },
    { lsn: "16/B374D848", bytes: 0x16 * 2 ** 32 + 0xb374d848 },
    { lsn: "FFFF/FFFFFFFF", bytes: 0xffff * 2 ** 32 + 0xffffffff },
  ])("reads $lsn as $bytes bytes", ({ lsn, bytes }) => {
    expect(lsnBytes(lsn)).toBe(bytes);
  });

  it("refuses what is not a WAL position", () => {
    expect(() => lsnBytes("16B374D848")).toThrow("not a WAL position");
  });
});

describe("writesPerItem", () => {
  const before = { walBytes: 1_000, nextXid: 500, statements: 40, cpuSeconds: 2 };

  it("divides each counter's growth by the items", () => {
    const after = { walBytes: 41_000, nextXid: 540, statements: 360, cpuSeconds: 2.5 };
    expect(writesPerItem(before, after, 40)).toEqual({ walBytes: 1_000, transactions: 1, statements: 8, cpuMs: 12.5 });
  });

  it("leaves statements and CPU out when a snapshot lacks them", () => {
    const after = { walBytes: 1_000, nextXid: 500, statements: undefined, cpuSeconds: undefined };
    expect(writesPerItem(before, after, 1)).toEqual({ walBytes: 0, transactions: 0, statements: undefined, cpuMs: undefined });
  });
});

describe("pgbenchTps", () => {
  it("reads the rate pgbench 15 prints", () => {
    const output = [
      "transaction type: <builtin: simple update>",
      "number of clients: 16",
      "latency average = 4.106 ms",
      "initial connection time = 25.320 ms",
      "tps = 3896.601857 (without initial connection time)",
    ].join("\n");
    expect(pgbenchTps(output)).toBeCloseTo(3896.601857, 6);
  });

  it("fails when pgbench printed no rate", () => {
    expect(() => pgbenchTps("pgbench: error: connection to server failed")).toThrow("pgbench printed no rate");
  });
});

const databaseUrl = process.env.TEST_DATABASE_URL;

describe.runIf(databaseUrl !== undefined && databaseUrl !== "")("readWriteSnapshot on a real PostgreSQL", () => {
  it("sees a committed write in the WAL position, the next transaction id and the server's CPU", async () => {
    const url = databaseUrl ?? "";
    const first = await readWriteSnapshot(url, false);
    const second = await readWriteSnapshot(url, false);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query("create temporary table bench_probe (n int)");
      for (let i = 0; i < 20; i++) await client.query("insert into bench_probe values ($1)", [i]);
    } finally {
      await client.end();
    }
    const third = await readWriteSnapshot(url, false);
    // Other tests may write to the same server meanwhile: only lower bounds hold.
    expect(second.nextXid).toBeGreaterThanOrEqual(first.nextXid);
    expect(third.nextXid - second.nextXid).toBeGreaterThanOrEqual(21);
    expect(third.walBytes).toBeGreaterThan(second.walBytes);
    expect(third.statements).toBeUndefined();
    expect(third.cpuSeconds).toBeGreaterThan(0);
    expect(third.cpuSeconds ?? 0).toBeGreaterThanOrEqual(first.cpuSeconds ?? 0);
  });
});
