import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore, type Store } from "../store/connect";
import { databaseFault } from "../store/database-faults";
import { countReportPages, listReports, readReportPages } from "../store/reports-store";
import { holdReportPages, type HeldLock } from "../testing/database-faults";
import { createTestDatabase, eachWithFreshStore, testDialects, type TestDatabase } from "../testing/test-databases";
import { systemClock } from "./clock";
import { MAX_PENDING_CHARACTERS, MAX_WAITING_CHARACTERS, MAX_WRITE_CHARACTERS, PAUSE_AT_CHARACTERS, ReportWriter, type OutputSource } from "./report-writer";

/** How long a PostgreSQL statement of the store waits for a lock before the database refuses it as busy. */
const STATEMENT_TIMEOUT_MS = 100;

/**
 * The database refusing report pages and nothing else, as a real one does: SQLite at its size limit
 * (`max_page_count`: a write that needs new pages fails with SQLITE_FULL, one that changes a row in
 * place goes through), PostgreSQL with `report_pages` locked against writes by another connection
 * (its writes time out, busy; reads go on).
 */
interface PageRefusal {
  refuse(): Promise<void>;
  allow(): Promise<void>;
}

function pageRefusal(store: Store, database: TestDatabase): PageRefusal {
  if (database.databaseUrl === undefined) {
    const limit = (pages: number) => sql.raw(`pragma max_page_count = ${pages}`).execute(store.db);
    return {
      refuse: async () => {
        const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(store.db);
        await limit(rows[0]?.page_count ?? 0);
      },
      allow: async () => void (await limit(1_073_741_823)),
    };
  }
  const databaseUrl = database.databaseUrl;
  let held: HeldLock | undefined;
  return {
    refuse: async () => {
      held ??= await holdReportPages(databaseUrl);
    },
    allow: async () => {
      await held?.release();
      held = undefined;
    },
  };
}

async function openedReport(store: Store, runId: number): Promise<{ writer: ReportWriter; runId: number }> {
  const writer = new ReportWriter(store, systemClock, 100, runId, "REP");
  await writer.open();
  return { writer, runId };
}

/** The report's text as stored, and whether it is marked complete. */
async function storedReport(store: Store, runId: number): Promise<{ text: string; ended: boolean }> {
  const count = (await countReportPages(store.db, 100, runId, "REP")) ?? 0;
  const text = (await readReportPages(store.db, runId, "REP", 1, count)).map((page) => page.content).join("");
  const ended = (await listReports(store.db, 100, runId)).find((report) => report.type === "REP")?.ended ?? false;
  return { text, ended };
}

/** end(), and whether the database refused it (any other error fails the test). */
async function tryEnd(writer: ReportWriter): Promise<"ended" | "refused"> {
  try {
    await writer.end();
    return "ended";
  } catch (error) {
    if (databaseFault(error) === undefined) throw error;
    return "refused";
  }
}

/**
 * end() once the database takes pages again, called again on a refusal as the contract says: with
 * the store's 100 ms statement timeout, a loaded machine may time out the write of what was kept.
 */
async function endOnceTaken(writer: ReportWriter): Promise<"ended" | "refused"> {
  let outcome = await tryEnd(writer);
  for (let attempt = 1; attempt < 5 && outcome === "refused"; attempt++) outcome = await tryEnd(writer);
  return outcome;
}

/** A job's output as the writer sees it: what it was asked (pause, resume), and whether it is paused. */
class PacedSource implements OutputSource {
  readonly asked: Array<"pause" | "resume"> = [];
  paused = false;
  pauseOutput(): void {
    this.asked.push("pause");
    this.paused = true;
  }
  resumeOutput(): void {
    this.asked.push("resume");
    this.paused = false;
  }
}

/**
 * Writes `total` characters or more of numbered lines as a job does: while the writer has the source
 * paused, nothing, until it lets it go on. Returns what was written.
 */
async function feed(writer: ReportWriter, source: PacedSource, total: number): Promise<string> {
  const pieces: string[] = [];
  let written = 0;
  while (written < total) {
    if (source.paused) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      continue;
    }
    const piece = lines(`piece ${pieces.length}`, 1000);
    writer.write(piece);
    pieces.push(piece);
    written += piece.length;
  }
  return pieces.join("");
}

const lines = (tag: string, count: number) => Array.from({ length: count }, (_, i) => `${tag} line ${i} ${"x".repeat(60)}\n`).join("");

describe.each(testDialects)("a report writer on %s while the database refuses its pages", (dialect) => {
  let store: Store;
  let database: TestDatabase;
  let pages: PageRefusal;
  let nextRunId = 1;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    store = await openStore({ databaseUrl: database.databaseUrl, dataDir: database.dataDir, statementTimeoutMs: STATEMENT_TIMEOUT_MS });
    pages = pageRefusal(store, database);
  });
  afterAll(async () => {
    await pages.allow();
    await store.close();
    await database.drop();
  });

  const newReport = () => openedReport(store, nextRunId++);
  const stored = (runId: number) => storedReport(store, runId);

  it("is not marked complete while output the database refused still waits, and is once that output is stored", { timeout: 30_000 }, async () => {
    const { writer, runId } = await newReport();
    writer.write("first\n");
    await writer.flush();
    const refused = lines("refused", 4000);
    await pages.refuse();
    try {
      writer.write(refused);
      // The job ends while its last output is being written: the end comes right behind it.
      void writer.flush();
      expect(await tryEnd(writer)).toBe("refused");
      expect(await stored(runId)).toEqual({ text: "first\n", ended: false });
    } finally {
      await pages.allow();
    }
    expect(await endOnceTaken(writer)).toBe("ended");
    expect(await stored(runId)).toEqual({ text: `first\n${refused}`, ended: true });
    expect(writer.lostCharacters).toBe(0);
  });

  it("does not hold its source while the database refuses: output beyond what it keeps is dropped and counted", { timeout: 60_000 }, async () => {
    const { writer, runId } = await newReport();
    const source = new PacedSource();
    writer.pace(source);
    await pages.refuse();
    let written: string;
    try {
      written = await feed(writer, source, 3 * PAUSE_AT_CHARACTERS);
      await writer.flush();
      expect(source.paused).toBe(false);
      expect(writer.lostCharacters).toBeGreaterThanOrEqual(written.length - MAX_PENDING_CHARACTERS);
    } finally {
      await pages.allow();
    }
    expect(await endOnceTaken(writer)).toBe("ended");
    const { text } = await stored(runId);
    expect(text.length + writer.lostCharacters).toBe(written.length);
    expect(written.endsWith(text)).toBe(true);
  });

  type Step = { kind: "write"; lines: number } | { kind: "flush" } | { kind: "refuse" } | { kind: "allow" };
  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.record({ kind: fc.constant("write" as const), lines: fc.integer({ min: 1, max: 1500 }) }),
    fc.constant({ kind: "flush" as const }),
    fc.constant({ kind: "refuse" as const }),
    fc.constant({ kind: "allow" as const }),
  );

  it("stores every line in the order it came, and ends the report only after all of it", { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        const { writer, runId } = await newReport();
        let written = "";
        try {
          for (const [i, s] of steps.entries()) {
            if (s.kind === "write") {
              const text = lines(`step ${i}`, s.lines);
              writer.write(text);
              written += text;
            } else if (s.kind === "flush") {
              void writer.flush();
            } else {
              await pages[s.kind]();
            }
          }
          // Whenever end() says the report is complete, all of it is stored.
          if ((await tryEnd(writer)) === "refused") {
            expect((await stored(runId)).ended).toBe(false);
            await pages.allow();
            expect(await endOnceTaken(writer)).toBe("ended");
          }
        } finally {
          await pages.allow();
        }
        expect(await stored(runId)).toEqual({ text: written, ended: true });
      }),
      { numRuns: dialect === "postgres" ? 15 : 40 },
    );
  });
});

describe.each(testDialects)("a report writer on %s", (dialect) => {
  let store: Store;
  eachWithFreshStore(dialect, (fresh) => (store = fresh.store));

  it("writes output of more than one write's worth in pieces, in order, and marks the report complete with the last", { timeout: 60_000 }, async () => {
    const { writer, runId } = await openedReport(store, 1);
    const many = lines("many", Math.ceil((1.1 * MAX_WRITE_CHARACTERS) / 70));
    expect(many.length).toBeGreaterThan(MAX_WRITE_CHARACTERS);
    writer.write(many);
    writer.write("last line\n");
    expect(await tryEnd(writer)).toBe("ended");
    expect(await storedReport(store, runId)).toEqual({ text: `${many}last line\n`, ended: true });
  });

  it("has its source wait once PAUSE_AT_CHARACTERS wait, and lets it go on once they are taken to be written", { timeout: 60_000 }, async () => {
    const { writer, runId } = await openedReport(store, 1);
    const source = new PacedSource();
    writer.pace(source);
    const piece = lines("piece", 1000);
    let written = "";
    while (!source.paused && written.length < 2 * PAUSE_AT_CHARACTERS) {
      writer.write(piece);
      written += piece;
    }
    expect(written.length).toBeGreaterThanOrEqual(PAUSE_AT_CHARACTERS);
    expect(written.length).toBeLessThan(PAUSE_AT_CHARACTERS + piece.length);
    await writer.flush();
    expect(source.asked).toEqual(["pause", "resume"]);
    expect(await tryEnd(writer)).toBe("ended");
    expect(await storedReport(store, runId)).toEqual({ text: written, ended: true });
  });
});

describe.each(testDialects)("a report writer on %s with a source that goes on while paused", (dialect) => {
  let store: Store;
  eachWithFreshStore(dialect, (fresh) => (store = fresh.store));

  it("keeps no more than MAX_WAITING_CHARACTERS of it waiting: the oldest beyond is dropped and counted", { timeout: 60_000 }, async () => {
    const { writer, runId } = await openedReport(store, 1);
    const source = new PacedSource();
    writer.pace(source);
    const pieces: string[] = [];
    let written = 0;
    // Nothing is written before the loop ends (writes take their turn after it), as with a source
    // that sends faster than the database stores and does not wait when asked.
    while (written < 2 * MAX_WAITING_CHARACTERS) {
      const piece = lines(`piece ${pieces.length}`, 1000);
      writer.write(piece);
      pieces.push(piece);
      written += piece.length;
    }
    expect(source.asked).toEqual(["pause"]);
    expect(writer.unpacedCharacters).toBeGreaterThanOrEqual(written - MAX_WAITING_CHARACTERS);
    expect(await tryEnd(writer)).toBe("ended");
    const { text } = await storedReport(store, runId);
    expect(text.length + writer.unpacedCharacters).toBe(written);
    expect(pieces.join("").endsWith(text)).toBe(true);
    expect(writer.lostCharacters).toBe(0);
  });
});

describe.runIf(testDialects.includes("postgres"))("a report writer on postgres while the database is slow to store its pages", () => {
  let store: Store;
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    // The engine's own statement timeout (60 s): writes to locked pages wait rather than fail.
    store = await openStore({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  it("holds its source while the pages are written, and stores all of its output once they are", { timeout: 60_000 }, async () => {
    const { writer, runId } = await openedReport(store, 1);
    const source = new PacedSource();
    writer.pace(source);
    const slow = pageRefusal(store, database);
    await slow.refuse();
    let feeding: Promise<string>;
    try {
      feeding = feed(writer, source, 6 * PAUSE_AT_CHARACTERS);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      // One write taken and waiting for the lock, and at most as much again waiting behind it.
      expect(source.paused).toBe(true);
      expect(source.asked).toEqual(["pause", "resume", "pause"]);
    } finally {
      await slow.allow();
    }
    const written = await feeding;
    expect(await tryEnd(writer)).toBe("ended");
    expect(await storedReport(store, runId)).toEqual({ text: written, ended: true });
    expect(writer.lostCharacters).toBe(0);
  });
});
