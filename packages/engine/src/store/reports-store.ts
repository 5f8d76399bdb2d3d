import type { Kysely } from "kysely";
import { splitIntoPages } from "../domain/report-pages";
import type { Database } from "./schema";
import { runShaped } from "./statement-shapes";
import { inTransaction } from "./transaction";

export interface ReportInfo {
  type: string;
  updatedAt: number;
  ended: boolean;
}

/** A report's last page: its number (0 while the report has none) and its size in UTF-8 bytes. */
export interface LastPage {
  page: number;
  bytes: number;
}

/** What a report that has no page yet ends with. */
export const NO_PAGE: LastPage = { page: 0, bytes: 0 };

/**
 * Creates a report unless it exists; true when it was created here (and so has no page yet), which
 * its writer may tell appendReport instead of having the last page read.
 */
export async function openReport(db: Kysely<Database>, client: number, runId: number, type: string, now: number): Promise<boolean> {
  // A transaction of its own shares its commit with the writes asked for beside it (commit-groups.ts).
  const values = { run_id: runId, type, client, updated_at: now, ended: 0 };
  const created = await inTransaction(db, (trx) =>
    runShaped(trx, "open report", Object.values(values), () =>
      trx
        .insertInto("reports")
        .values(values)
        .onConflict((conflict) => conflict.columns(["run_id", "type"]).doNothing()),
    ),
  );
  if (Number(created.numAffectedRows ?? 0) > 0) return true;
  await appendReport(db, client, runId, type, "", now);
  return false;
}

/**
 * Appends text to a report, filling its last page and adding new ones (pages of at most 32 KiB,
 * cut at line ends); `ended` marks it complete in the same write. Creates the report on first
 * write. One statement without text, else one transaction, which reads the last page unless the
 * caller knows it (`last`, as this function returned it after the caller's previous write). Another
 * node may have written to the report since (a node that took over an execution writes to its
 * report): a write that finds the pages other than `last` says is not made, and the last page is read
 * and the text appended again. Returns the last page after the write.
 */
export async function appendReport(
  db: Kysely<Database>,
  client: number,
  runId: number,
  type: string,
  text: string,
  now: number,
  { ended = false, last }: { ended?: boolean; last?: LastPage | undefined } = {},
): Promise<LastPage | undefined> {
  const report = { runId, type, text };
  const values = { run_id: runId, type, client, updated_at: now, ended: ended ? 1 : 0 };
  const changes = ended ? { updated_at: now, ended: 1 } : { updated_at: now };
  const touch = (target: Kysely<Database>) =>
    runShaped(target, `touch report ${Object.keys(changes).join(",")}`, [...Object.values(values), ...Object.values(changes)], () =>
      target
        .insertInto("reports")
        .values(values)
        .onConflict((conflict) => conflict.columns(["run_id", "type"]).doUpdateSet(changes)),
    );
  if (text.length === 0) {
    await touch(db);
    return last;
  }
  const append = (told: LastPage | undefined) =>
    inTransaction(db, async (trx) => {
      await touch(trx);
      return appendPages(trx, report, told);
    });
  try {
    return await append(last);
  } catch (error) {
    if (!(error instanceof OtherWriter)) throw error;
    return append(undefined);
  }
}

/** The pages of a report are not what its writer was told: another node wrote to it. */
class OtherWriter extends Error {}

/**
 * Writes `text` after the report's last page: `told` when the caller knows it, else read. Every
 * write checks that the pages are as it takes them to be, and throws OtherWriter when they are not.
 */
async function appendPages(trx: Kysely<Database>, { runId, type, text }: { runId: number; type: string; text: string }, told: LastPage | undefined): Promise<LastPage> {
  const current = told ?? (await readLastPage(trx, runId, type));
  const written = (count: bigint | undefined, rows: number) => {
    if (Number(count ?? 0) !== rows) throw new OtherWriter();
  };
  const { append, newPages } = splitIntoPages(current.bytes, text);
  if (append.length > 0) {
    if (current.page === 0) {
      const first = { run_id: runId, type, page: 1, content: append };
      const inserted = await runShaped(trx, "insert first report page", Object.values(first), () =>
        trx
          .insertInto("report_pages")
          .values(first)
          .onConflict((c) => c.columns(["run_id", "type", "page"]).doNothing()),
      );
      written(inserted.numAffectedRows, 1);
    } else {
      let update = trx
        .updateTable("report_pages")
        .set((eb) => ({ content: eb("content", "||", append) }))
        .where("run_id", "=", runId)
        .where("type", "=", type)
        .where("page", "=", current.page);
      if (told !== undefined) update = update.where((eb) => eb(eb.fn("octet_length", [eb.ref("content")]), "=", told.bytes));
      written((await update.executeTakeFirst()).numUpdatedRows, 1);
    }
  }
  const filled = append.length === 0 ? current : { page: Math.max(current.page, 1), bytes: current.bytes + Buffer.byteLength(append) };
  if (newPages.length === 0) return filled;
  const added = await trx
    .insertInto("report_pages")
    .values(newPages.map((content, i) => ({ run_id: runId, type, page: filled.page + 1 + i, content })))
    .onConflict((c) => c.columns(["run_id", "type", "page"]).doNothing())
    .executeTakeFirst();
  written(added.numInsertedOrUpdatedRows, newPages.length);
  return { page: filled.page + newPages.length, bytes: Buffer.byteLength(newPages.at(-1) ?? "") };
}

async function readLastPage(db: Kysely<Database>, runId: number, type: string): Promise<LastPage> {
  const last = await db
    .selectFrom("report_pages")
    .select(["page", (eb) => eb.fn<number>("octet_length", [eb.ref("content")]).as("bytes")])
    .where("run_id", "=", runId)
    .where("type", "=", type)
    .orderBy("page", "desc")
    .limit(1)
    .executeTakeFirst();
  return last === undefined ? NO_PAGE : { page: last.page, bytes: Number(last.bytes) };
}

/** Marks a report as complete. */
export async function endReport(db: Kysely<Database>, client: number, runId: number, type: string, now: number): Promise<void> {
  await appendReport(db, client, runId, type, "", now, { ended: true });
}

export async function listReports(db: Kysely<Database>, client: number, runId: number): Promise<ReportInfo[]> {
  const rows = await db
    .selectFrom("reports")
    .select(["type", "updated_at", "ended"])
    .where("client", "=", client)
    .where("run_id", "=", runId)
    .orderBy("type")
    .execute();
  return rows.map((r) => ({ type: r.type, updatedAt: r.updated_at, ended: r.ended === 1 }));
}

/**
 * How many pages a report has (they are numbered 1..n without gaps; 0 for a report without text);
 * undefined when the client has no such report.
 */
export async function countReportPages(db: Kysely<Database>, client: number, runId: number, type: string): Promise<number | undefined> {
  const report = await db
    .selectFrom("reports")
    .select((eb) =>
      eb
        .selectFrom("report_pages")
        .select((inner) => inner.fn.max<number>("page").as("last"))
        .where("report_pages.run_id", "=", runId)
        .where("report_pages.type", "=", type)
        .as("total"),
    )
    .where("client", "=", client)
    .where("run_id", "=", runId)
    .where("type", "=", type)
    .executeTakeFirst();
  return report === undefined ? undefined : Number(report.total ?? 0);
}

/** Pages `first`..`last` of a report, in page order (the caller has checked the report's client). */
export function readReportPages(db: Kysely<Database>, runId: number, type: string, first: number, last: number): Promise<{ page: number; content: string }[]> {
  return db
    .selectFrom("report_pages")
    .select(["page", "content"])
    .where("run_id", "=", runId)
    .where("type", "=", type)
    .where("page", ">=", first)
    .where("page", "<=", last)
    .orderBy("page")
    .execute();
}
