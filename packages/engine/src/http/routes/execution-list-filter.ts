import { ErrorCode, parseStatusTerms, type ExecutionListQuery, type StatusTerm } from "@baton/contract";
import { invalid } from "../../domain/errors";
import type { ExecutionFilter } from "../../store/execution-filters";
import type { ListPaging } from "../../store/execution-pages-store";
import type { ListOrder } from "../../store/execution-list-order";

/** A time frame bound names a whole second: `time_frame_to` takes in the rest of its second. */
const REST_OF_SECOND = 999;

/** The engine's filter for the query of GET /{client_id}/executions (docs/decisions.md, "Execution list"). */
export function executionFilterOf(query: ExecutionListQuery): ExecutionFilter {
  return {
    runId: query.run_id,
    name: query.name,
    nameExclude: query.name_exclude,
    alias: query.alias,
    agent: query.agent,
    agentExclude: query.agent_exclude,
    user: query.user,
    userExclude: query.user_exclude,
    archiveKey1: query.archive_key1,
    archiveKey1Exclude: query.archive_key1_exclude,
    archiveKey2: query.archive_key2,
    archiveKey2Exclude: query.archive_key2_exclude,
    objectTypes: query.type,
    status: query.status === undefined ? undefined : statusTermsOf(query.status),
    platforms: query.platform,
    queues: query.queue,
    timeFrame: { option: query.time_frame_option, from: query.time_frame_from, to: query.time_frame_to === undefined ? undefined : query.time_frame_to + REST_OF_SECOND },
    referenceRunId: query.reference_run_id,
    commentedOnly: query.commented_only,
    topLevel: query.top_level,
    // include_deactivated needs no condition: this engine never deactivates an execution.
    unmatchable: asksForDataNotKept(query),
  };
}

/**
 * How a page of the list or of the children continues: start_at_run_id is the RunID of the last
 * entry of the previous page, and the page goes on below it in the list's order (docs/decisions.md,
 * "Vendor wire behaviour"). after_run_id is Baton's older name for the same cursor.
 */
export function listPagingOf(query: { max_results: number; start_at_run_id?: number | undefined; after_run_id?: number | undefined; order_by?: ListOrder | undefined }): ListPaging {
  return { maxResults: query.max_results, startAtRunId: query.start_at_run_id ?? query.after_run_id, order: query.order_by };
}

function statusTermsOf(values: readonly string[]): StatusTerm[] {
  const parsed = parseStatusTerms(values);
  if ("invalid" in parsed) throw invalid(ErrorCode.INVALID_REQUEST, "status", "must be status codes (1900), ranges (1800-1899) or range names (ANY_ABEND)", parsed.invalid);
  return parsed.terms;
}

/**
 * No execution of this engine is a workflow modified while it ran, has a remote status, runs in a
 * ZDU version or uses sync objects, so asking for any of these matches nothing.
 */
function asksForDataNotKept(query: ExecutionListQuery): boolean {
  return (
    query.modified_only === true ||
    query.remote_status_number !== undefined ||
    query.remote_status_text !== undefined ||
    query.zdu_version !== undefined ||
    (query.sync_usage !== undefined && query.sync_usage.length > 0)
  );
}
