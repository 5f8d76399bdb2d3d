import { ErrorCode } from "@baton/contract";
import { NotFoundError } from "../domain/errors";
import { reportPageWindow } from "../domain/report-pages";
import type { Store } from "../store/connect";
import { countReportPages, listReports, readReportPages, type ReportInfo } from "../store/reports-store";

/** Pages of one report as GET .../reports/{type} answers them. */
export interface ReportPages {
  /** How many pages the whole report has. */
  total: number;
  pages: { page: number; content: string }[];
  /** Whether pages follow the ones answered. */
  hasmore: boolean;
}

/** Reading execution reports (ACT, REP, ...). */
export class ReportService {
  constructor(private readonly store: Store) {}

  list(client: number, runId: number): Promise<ReportInfo[]> {
    return listReports(this.store.db, client, runId);
  }

  /**
   * From page `startAt` at most `maxResults` pages (the rest of the report when undefined), as
   * `reportPageWindow` bounds them; 404 for a report not in the database. The count is read
   * first and the pages up to it, so a report growing meanwhile never answers a page beyond
   * the total it names.
   */
  async pages(client: number, runId: number, type: string, startAt: number, maxResults: number | undefined): Promise<ReportPages> {
    const report = type.toUpperCase();
    const total = await countReportPages(this.store.db, client, runId, report);
    if (total === undefined) {
      throw new NotFoundError(ErrorCode.REPORT_NOT_FOUND, "Report not found.", `Execution ${runId} has no ${type} report in the database.`);
    }
    const window = reportPageWindow(total, startAt, maxResults);
    const pages = window.last < window.first ? [] : await readReportPages(this.store.db, runId, report, window.first, window.last);
    return { total, pages, hasmore: window.hasmore };
  }
}
