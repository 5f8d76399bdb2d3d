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

  async pages(client: number, runId: number, type: string, fromPage: number, count: number): Promise<{ page: number; content: string }[]> {
    const pages = await readReportPages(this.store.db, client, runId, type.toUpperCase(), fromPage, count);
    if (pages === undefined) {
      throw new NotFoundError(ErrorCode.REPORT_NOT_FOUND, "Report not found.", `Execution ${runId} has no ${type} report in the database.`);
    }
    return pages;
  }
}
