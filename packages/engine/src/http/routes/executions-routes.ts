import {
  ChildrenQuery,
  ErrorCode,
  ExecutionListQuery,
  ExecutionQuery,
  InChangeExecutionStatusBody,
  InExecutionBody,
  jsonAnswer,
  NamedResponse,
  OutChangeExecutionStatus,
  OutComment,
  OutErtEstimations,
  OutExecution,
  OutExecutionList,
  OutReport,
  OutReportPageList,
  OutRunId,
  ReportContentQuery,
} from "@baton/contract";
import { z } from "zod";
import type { Clock } from "../../runtime/clock";
import type { ExecutionService } from "../../runtime/execution-service";
import type { ReportService } from "../../runtime/report-service";
import { presentComment, presentExecution, presentVariables } from "../presenters/execution-presenter";
import { presentListedExecution, presentReport } from "../presenters/listed-execution-presenter";
import { presentReportPages } from "../presenters/report-pages-presenter";
import { defineRoute, noBody, noParams } from "../route";
import { executionFilterOf, listPagingOf } from "./execution-list-filter";
import { ClientParams, RunParams } from "./params";

const ReportParams = RunParams.extend({ report_type: z.string().regex(/^[A-Za-z]{1,8}$/, "must be a report type such as ACT or REP") });

export interface ExecutionsRouteDeps {
  executions: ExecutionService;
  reports: ReportService;
  clock: Clock;
}

/** The executions part of the interface. */
export function executionsRoutes({ executions, reports, clock }: ExecutionsRouteDeps) {
  return [
    defineRoute({
      method: "POST",
      path: "/:client_id/executions",
      summary: "Starts an object: at once, once at a time, or recurring",
      answer: jsonAnswer(OutRunId, "The RunID of the new execution"),
      params: ClientParams,
      query: noParams,
      body: InExecutionBody,
      fieldCodes: { object_name: ErrorCode.INVALID_OBJECT_NAME, execution_option: ErrorCode.INVALID_EXECUTION_OPTION },
      handle: async ({ principal, body }) => {
        const execution = await executions.activate(principal, body);
        return { run_id: execution.runId };
      },
    }),
    defineRoute({
      method: "GET",
      path: "/:client_id/executions",
      summary: "Executions, newest activation first, filtered",
      answer: jsonAnswer(OutExecutionList, "A page of executions"),
      params: ClientParams,
      query: ExecutionListQuery,
      body: noBody,
      handle: async ({ principal, query }) => {
        const page = await executions.list(principal, executionFilterOf(query), listPagingOf(query), query.fields);
        const now = clock.now();
        return { total: page.total, data: page.executions.map((e) => presentListedExecution(e, now)), hasmore: page.hasmore };
      },
    }),
    defineRoute({
      method: "GET",
      path: "/:client_id/executions/:run_id",
      summary: "One execution",
      answer: jsonAnswer(OutExecution, "The execution"),
      params: RunParams,
      query: ExecutionQuery,
      body: noBody,
      handle: async ({ principal, params, query }) =>
        presentListedExecution(await executions.detail(principal, params.run_id, query.fields ?? []), clock.now()),
    }),
    defineRoute({
      method: "GET",
      path: "/:client_id/executions/:run_id/children",
      summary: "The immediate children of a workflow's execution",
      answer: jsonAnswer(OutExecutionList, "A page of children"),
      params: RunParams,
      query: ChildrenQuery,
      body: noBody,
      handle: async ({ principal, params, query }) => {
        const { total, executions: page, hasmore } = await executions.children(principal, params.run_id, listPagingOf(query));
        const now = clock.now();
        return { total, data: page.map((e) => presentExecution(e, now)), hasmore };
      },
    }),
    defineRoute({
      method: "POST",
      path: "/:client_id/executions/:run_id/status",
      summary: "Changes an execution's state: cancel, rollback, restart, hold, resume, quit",
      answer: jsonAnswer(OutChangeExecutionStatus, "The execution acted on"),
      params: RunParams,
      query: noParams,
      body: InChangeExecutionStatusBody,
      handle: async ({ principal, params, body }) => {
        const execution = await executions.changeStatus(principal, params.run_id, body);
        return { run_id: execution.runId };
      },
    }),
    defineRoute({
      method: "GET",
      path: "/:client_id/executions/:run_id/comments",
      summary: "The comments of an execution",
      answer: jsonAnswer(z.array(OutComment), "The comments, oldest first"),
      params: RunParams,
      query: noParams,
      body: noBody,
      handle: async ({ principal, params }) => (await executions.comments(principal, params.run_id)).map(presentComment),
    }),
    defineRoute({
      method: "POST",
      path: "/:client_id/executions/:run_id/comments",
      summary: "Adds a comment to an execution",
      answer: jsonAnswer(OutComment, "The comment"),
      params: RunParams,
      query: noParams,
      // Checked by the service, which answers with the comment codes of the interface.
      body: z.object({ comment: z.unknown().optional() }),
      handle: async ({ principal, params, body }) => presentComment(await executions.addComment(principal, params.run_id, body.comment)),
    }),
    defineRoute({
      method: "GET",
      path: "/:client_id/executions/:run_id/variables",
      summary: "The object variables of an execution",
      answer: jsonAnswer(NamedResponse, "The variables by name"),
      params: RunParams,
      query: noParams,
      body: noBody,
      handle: async ({ principal, params }) => presentVariables(await executions.variables(principal, params.run_id)),
    }),
    defineRoute({
      method: "GET",
      path: "/:client_id/executions/:run_id/ert",
      summary: "Estimated runtimes of a workflow's tasks",
      answer: jsonAnswer(OutErtEstimations, "The estimations"),
      params: RunParams,
      query: noParams,
      body: noBody,
      handle: async ({ principal, params }) => executions.ert(principal, params.run_id),
    }),
    defineRoute({
      method: "GET",
      path: "/:client_id/executions/:run_id/reports",
      summary: "The reports of an execution",
      answer: jsonAnswer(z.array(OutReport), "The reports"),
      params: RunParams,
      query: noParams,
      body: noBody,
      handle: async ({ principal, params }) => {
        await executions.get(principal, params.run_id);
        const list = await reports.list(principal.client, params.run_id);
        return list.map(presentReport);
      },
    }),
    defineRoute({
      method: "GET",
      path: "/:client_id/executions/:run_id/reports/:report_type",
      summary: "Pages of one report",
      answer: jsonAnswer(OutReportPageList, "The pages asked for, the report's page count (total) and whether pages follow (hasmore)"),
      params: ReportParams,
      query: ReportContentQuery,
      body: noBody,
      handle: async ({ principal, params, query }) => {
        await executions.get(principal, params.run_id);
        return presentReportPages(await reports.pages(principal.client, params.run_id, params.report_type, query.start_at, query.max_results));
      },
    }),
  ];
}
