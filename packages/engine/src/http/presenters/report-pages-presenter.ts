import type { OutReportPageList } from "@baton/contract";
import type { ReportPages } from "../../executions/report-service";

/** OutReportPageList: the vendor's paged shape, `total` counting the pages of the whole report. */
export function presentReportPages(report: ReportPages): OutReportPageList {
  return { total: report.total, data: report.pages.map(({ page, content }) => ({ page, content })), hasmore: report.hasmore };
}
