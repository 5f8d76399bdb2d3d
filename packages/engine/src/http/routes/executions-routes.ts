import { operations } from "@baton/contract";
import type { ExecutionUseCases } from "../../executions/use-cases";
import type { Clock } from "../../runtime/clock";
import type { ReportService } from "../../executions/report-service";
import { presentComment, presentExecution, presentVariables } from "../presenters/execution-presenter";
import { presentListedExecution, presentReport } from "../presenters/listed-execution-presenter";
import { presentReportPages } from "../presenters/report-pages-presenter";
import { bindRoute } from "../route";
import { executionFilterOf, listPagingOf } from "./execution-list-filter";

export interface ExecutionsRouteDeps {
  executions: ExecutionUseCases;
  reports: ReportService;
  clock: Clock;
}

/** The executions part of the interface. */
export function executionsRoutes({ executions, reports, clock }: ExecutionsRouteDeps) {
  return [
    bindRoute(operations.postExecutions, {
      handle: async ({ principal, body }) => {
        const execution = await executions.activate(principal, body);
        return { run_id: execution.runId };
      },
    }),
    bindRoute(operations.getExecutions, {
      handle: async ({ principal, query }) => {
        const page = await executions.list(principal, executionFilterOf(query), listPagingOf(query), query.fields);
        const now = clock.now();
        return { total: page.total, data: page.executions.map((e) => presentListedExecution(e, now)), hasmore: page.hasmore };
      },
    }),
    bindRoute(operations.getExecutionsRunId, {
      handle: async ({ principal, params, query }) => presentListedExecution(await executions.detail(principal, params.run_id, query.fields ?? []), clock.now()),
    }),
    bindRoute(operations.getExecutionsRunIdChildren, {
      handle: async ({ principal, params, query }) => {
        const { total, executions: page, hasmore } = await executions.children(principal, params.run_id, listPagingOf(query));
        const now = clock.now();
        return { total, data: page.map((e) => presentExecution(e, now)), hasmore };
      },
    }),
    bindRoute(operations.postExecutionsRunIdStatus, {
      handle: async ({ principal, params, body }) => {
        const execution = await executions.changeStatus(principal, params.run_id, body);
        return body.action === "restart" ? { run_id: execution.runId } : {};
      },
    }),
    bindRoute(operations.getExecutionsRunIdComments, {
      handle: async ({ principal, params }) => (await executions.comments(principal, params.run_id)).map(presentComment),
    }),
    // The comment is checked by the use case, which answers with the comment codes of the interface.
    bindRoute(operations.postExecutionsRunIdComments, {
      handle: async ({ principal, params, body }) => presentComment(await executions.addComment(principal, params.run_id, body.comment)),
    }),
    bindRoute(operations.getExecutionsRunIdVariables, {
      handle: async ({ principal, params }) => presentVariables(await executions.variables(principal, params.run_id)),
    }),
    bindRoute(operations.getExecutionsRunIdErt, {
      handle: async ({ principal, params }) => executions.ert(principal, params.run_id),
    }),
    bindRoute(operations.getExecutionsRunIdReports, {
      handle: async ({ principal, params }) => {
        await executions.get(principal, params.run_id);
        const list = await reports.list(principal.client, params.run_id);
        return list.map(presentReport);
      },
    }),
    bindRoute(operations.getExecutionsRunIdReportsReportType, {
      handle: async ({ principal, params, query }) => {
        await executions.get(principal, params.run_id);
        return presentReportPages(await reports.pages(principal.client, params.run_id, params.report_type, query.start_at, query.max_results));
      },
    }),
  ];
}
