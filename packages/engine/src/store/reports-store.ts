import type { Kysely } from "kysely";
import { splitIntoPages } from "../domain/report-pages";
import type { Database } from "./schema";
import { inTransaction } from "./transaction";

export interface ReportInfo {
  type: string;
  updatedAt: number;
  ended: boolean;
}

/**
 * Appends text to a report, filling its last page and adding new ones (pages of at most 32 KiB,
 * cut at line ends); `ended` marks it complete in the same write. Creates the report on first
 * write. One statement without text, else one transaction.
 */
export async function appendReport(db: Kysely<Database>, client: number, runId: number, type: string, text: string, now: number, ended = false): Promise<void> {
  const touch = (target: Kysely<Database>) =>
    target
      .insertInto("reports")
      .values({ run_id: runId, type, client, updated_at: now, ended: ended ? 1 : 0 })
      .onConflict((conflict) => conflict.columns(["run_id", "type"]).doUpdateSet(ended ? { updated_at: now, ended: 1 } : { updated_at: now }))
      .execute();
  if (text.length === 0) {
    await touch(db);
    return;
  }
  await inTransaction(db, async (trx) => {
    await touch(trx);
    const last = await trx
      .selectFrom("report_pages")
      .select(["page", (eb) => eb.fn<number>("octet_length", [eb.ref("content")]).as("bytes")])
      .where("run_id", "=", runId)
      .where("type", "=", type)
      .orderBy("page", "desc")
      .limit(1)
      .executeTakeFirst();
    const lastPage = last?.page ?? 0;
    const { append, newPages } = splitIntoPages(last === undefined ? 0 : Number(last.bytes), text);
    if (append.length > 0) {
      if (last === undefined) {
        await trx.insertInto("report_pages").values({ run_id: runId, type, page: 1, content: append }).execute();
      } else {
        await trx
          .updateTable("report_pages")
          .set((eb) => ({ content: eb("content", "||", append) }))
          .where("run_id", "=", runId)
          .where("type", "=", type)
          .where("page", "=", lastPage)
          .execute();
      }
    }
    const firstNew = append.length > 0 && last === undefined ? 2 : lastPage + 1;
    if (newPages.length > 0) {
      await trx
        .insertInto("report_pages")
        .values(newPages.map((content, i) => ({ run_id: runId, type, page: firstNew + i, content })))
        .execute();
    }
  });
}

/** Marks a report as complete. */
export async function endReport(db: Kysely<Database>, client: number, runId: number, type: string, now: number): Promise<void> {
  await appendReport(db, client, runId, type, "", now, true);
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
