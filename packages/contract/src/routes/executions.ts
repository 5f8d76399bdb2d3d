import { z } from "zod";
import { ErrorCode } from "../error-codes";
import { emptyAnswer, jsonAnswer } from "../openapi/answers";
import { OutErtEstimations } from "../schemas/ert";
import {
  ChildrenQuery,
  ExecutionListQuery,
  ExecutionQuery,
  InChangeExecutionStatusBody,
  InExecutionBody,
  NamedResponse,
  OutChangeExecutionStatus,
  OutComment,
  OutExecution,
  OutExecutionList,
  OutReport,
  OutReportPageList,
  OutRunId,
  ReportContentQuery,
} from "../schemas/executions";
import { defineOperation, noBody, noParams } from "./operation";
import { ClientParams, RunParams } from "./params";

const ReportParams = RunParams.extend({ report_type: z.string().regex(/^[A-Za-z]{1,8}$/, "must be a report type such as ACT or REP") });

/** The executions part of the interface, and the actions on workflow tasks of the vendor's "Working with Workflow Tasks" (24.x). */
export const executionOperations = {
  postExecutions: defineOperation({
    method: "POST",
    path: "/:client_id/executions",
    summary: "Starts an object: at once, once at a time, or recurring",
    answer: jsonAnswer(OutRunId, "The RunID of the new execution"),
    params: ClientParams,
    query: noParams,
    body: InExecutionBody,
    fieldCodes: { object_name: ErrorCode.INVALID_OBJECT_NAME, execution_option: ErrorCode.INVALID_EXECUTION_OPTION },
  }),
  getExecutions: defineOperation({
    method: "GET",
    path: "/:client_id/executions",
    summary: "Executions, newest activation first, filtered; `order_by` (another order) and `top_level` (no children) are Baton extensions",
    answer: jsonAnswer(OutExecutionList, "A page of executions"),
    params: ClientParams,
    query: ExecutionListQuery,
    body: noBody,
  }),
  getExecutionsRunId: defineOperation({
    method: "GET",
    path: "/:client_id/executions/:run_id",
    summary: "One execution; planned_start_time (a run waiting for its start time) and blocked_since (a blocked run) are Baton extensions, in lists and children too",
    answer: jsonAnswer(OutExecution, "The execution"),
    params: RunParams,
    query: ExecutionQuery,
    body: noBody,
  }),
  getExecutionsRunIdChildren: defineOperation({
    method: "GET",
    path: "/:client_id/executions/:run_id/children",
    summary: "The immediate children of a workflow's execution",
    answer: jsonAnswer(OutExecutionList, "A page of children"),
    params: RunParams,
    query: ChildrenQuery,
    body: noBody,
  }),
  postExecutionsRunIdStatus: defineOperation({
    method: "POST",
    path: "/:client_id/executions/:run_id/status",
    summary: "Changes an execution's state: cancel, rollback, restart, hold, resume, quit (Baton extension: restart.downstreamOnly reruns a workflow's task and what is downstream of it)",
    answer: jsonAnswer(OutChangeExecutionStatus, "A restart: the new execution's RunID; any other action: {}"),
    params: RunParams,
    query: noParams,
    body: InChangeExecutionStatusBody,
  }),
  getExecutionsRunIdComments: defineOperation({
    method: "GET",
    path: "/:client_id/executions/:run_id/comments",
    summary: "The comments of an execution",
    answer: jsonAnswer(z.array(OutComment), "The comments, oldest first"),
    params: RunParams,
    query: noParams,
    body: noBody,
  }),
  postExecutionsRunIdComments: defineOperation({
    method: "POST",
    path: "/:client_id/executions/:run_id/comments",
    summary: "Adds a comment to an execution",
    answer: jsonAnswer(OutComment, "The comment"),
    params: RunParams,
    query: noParams,
    // Checked by the engine, which answers with the comment codes of the interface.
    body: z.object({ comment: z.unknown().optional() }),
  }),
  getExecutionsRunIdVariables: defineOperation({
    method: "GET",
    path: "/:client_id/executions/:run_id/variables",
    summary: "The object variables of an execution",
    answer: jsonAnswer(NamedResponse, "The variables by name"),
    params: RunParams,
    query: noParams,
    body: noBody,
  }),
  getExecutionsRunIdErt: defineOperation({
    method: "GET",
    path: "/:client_id/executions/:run_id/ert",
    summary: "Estimated runtimes of a workflow's tasks; ert is the estimate of the work, without the wait for a planned start or for an operator while blocked",
    answer: jsonAnswer(OutErtEstimations, "The estimations"),
    params: RunParams,
    query: noParams,
    body: noBody,
  }),
  getExecutionsRunIdReports: defineOperation({
    method: "GET",
    path: "/:client_id/executions/:run_id/reports",
    summary: "The reports of an execution",
    answer: jsonAnswer(z.array(OutReport), "The reports"),
    params: RunParams,
    query: noParams,
    body: noBody,
  }),
  getExecutionsRunIdReportsReportType: defineOperation({
    method: "GET",
    path: "/:client_id/executions/:run_id/reports/:report_type",
    summary: "Pages of one report",
    answer: jsonAnswer(OutReportPageList, "The pages asked for, the report's page count (total) and whether pages follow (hasmore)"),
    params: ReportParams,
    query: ReportContentQuery,
    body: noBody,
  }),
  postExecutionsRunIdIgnoreSyncCondition: defineOperation({
    method: "POST",
    path: "/:client_id/executions/:run_id/ignore_sync_condition",
    summary: "Lets a task that waits for its Sync object's condition start",
    answer: emptyAnswer("The task no longer waits for its sync condition"),
    params: RunParams,
    query: noParams,
    body: noBody,
  }),
};
