import { ErrorCode } from "@baton/contract";
import { NotFoundError } from "../domain/errors";
import type { Store } from "../store/connect";
import { listReports, readReportPages, type ReportInfo } from "../store/reports-store";

/** Reading execution reports (ACT, REP, ...). */
export class ReportService {
  constructor(private readonly store: Store) {}

  list(client: number, runId: number): Promise<ReportInfo[]> {
    return listReports(this.store.db, client, runId);
  }

  /** Up to `count` pages numbered above `afterPage` (the spec's `start_at`); 404 for a report not in the database. */
  async pages(client: number, runId: number, type: string, afterPage: number, count: number): Promise<{ page: number; content: string }[]> {
    const pages = await readReportPages(this.store.db, client, runId, type.toUpperCase(), afterPage, count);
    if (pages === undefined) {
      throw new NotFoundError(ErrorCode.REPORT_NOT_FOUND, "Report not found.", `Execution ${runId} has no ${type} report in the database.`);
    }
    return pages;
  }
}
