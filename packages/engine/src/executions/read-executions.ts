import { ErrorCode, type ExecutionField, type ExecutionListField, type ObjectBody, type OutErtEstimations } from "@baton/contract";
import { maySeeExecution, requireCancel, requireSeeExecution, visibleExecutions } from "../auth/acts";
import type { Principal } from "../auth/authenticator";
import { NotFoundError, invalid } from "../domain/errors";
import type { Execution } from "../domain/execution";
import { PERIOD_CONTAINER } from "./execution-details";
import { executionErt } from "./execution-ert";
import type { RuntimeEstimator } from "../runtime/runtime-estimator";
import type { Clock } from "../runtime/clock";
import { textClientSetting } from "../store/client-settings";
import { addComment, listComments, type ExecutionComment } from "../store/comments-store";
import type { Store } from "../store/connect";
import { findExecution } from "../store/executions-store";
import { findExecutionVariables } from "../store/execution-variables-store";
import { listExecutions, pageChildren, type ListPaging } from "../store/execution-pages-store";
import type { ExecutionFilter } from "../store/execution-filters";
import { listedFields, type ExecutionPage, type FieldSources, type ListedExecution, type RecurringDescription } from "./execution-fields";

/** An execution the principal may see (statistics right on its object), else 404 or 403. */
export async function getExecution(store: Store, principal: Principal, runId: number): Promise<Execution> {
  const execution = await findExecution(store.db, principal.client, runId);
  if (execution === undefined) {
    throw new NotFoundError(ErrorCode.RUN_ID_NOT_FOUND, "Execution not found.", `Cannot find task with RunID '${runId}' in client ${principal.client}.`);
  }
  requireSeeExecution(principal, execution);
  return execution;
}

/** The execution an event reports, as the REST API presents it: `type` is its object type code (`JOBS`). */
export interface EventExecution {
  readonly run_id: number;
  readonly type: string;
  readonly name: string;
}

export interface ExecutionReadsDeps {
  store: Store;
  clock: Clock;
  estimator: RuntimeEstimator;
  /** A period container's rule as requested, its activation count and its next planned activation. */
  describeRecurring(client: number, runId: number): Promise<RecurringDescription | undefined>;
  /** The definition an execution runs. */
  definitionOf(execution: Execution): Promise<ObjectBody>;
}

/** Reading executions, and the comments operators add to them, for a principal. */
export class ExecutionReads {
  constructor(private readonly deps: ExecutionReadsDeps) {}

  get(principal: Principal, runId: number): Promise<Execution> {
    return getExecution(this.deps.store, principal, runId);
  }

  /**
   * Whether the principal may see the execution an event reports, by the rights the list shows it
   * by. A period container's row is read for the type of the object it activates, which the
   * event does not carry; containers change seldom (start, end), so every other event is decided
   * from itself.
   */
  async maySeeEvent(principal: Principal, execution: EventExecution): Promise<boolean> {
    if (execution.type !== PERIOD_CONTAINER) return maySeeExecution(principal, { objectType: execution.type, name: execution.name });
    // No grant of the right at all: nothing to read.
    if (visibleExecutions(principal)?.grants.length === 0) return false;
    const container = await findExecution(this.deps.store.db, principal.client, execution.run_id);
    return container !== undefined && maySeeExecution(principal, container);
  }

  /** An execution the principal may see, with the `fields` asked for. */
  async detail(principal: Principal, runId: number, fields: readonly ExecutionField[]): Promise<ListedExecution> {
    const execution = await this.get(principal, runId);
    const extras = await listedFields(this.#fieldSources(principal.client), principal.client, [execution], fields);
    return { ...execution, ...extras.get(runId) };
  }

  /** A page of the executions the principal may see, each with the extra `fields` asked for. */
  async list(principal: Principal, filter: ExecutionFilter, paging: ListPaging, fields: readonly ExecutionListField[] = []): Promise<ExecutionPage> {
    const { total, executions, hasmore } = await listExecutions(this.deps.store.db, principal.client, { ...filter, access: visibleExecutions(principal) }, paging, this.deps.store.dialect);
    // Most lists ask for no fields: the page is the executions as read.
    if (fields.length === 0) return { total, hasmore, executions };
    const extras = await listedFields(this.#fieldSources(principal.client), principal.client, executions, fields);
    return { total, hasmore, executions: executions.map((e) => ({ ...e, ...extras.get(e.runId) })) };
  }

  /** A page of the immediate children (workflow tasks, schedule slots) of an execution the principal may see. */
  async children(principal: Principal, runId: number, paging: ListPaging): Promise<{ total: number; executions: Execution[]; hasmore: boolean }> {
    await this.get(principal, runId);
    return pageChildren(this.deps.store.db, principal.client, runId, paging);
  }

  /** The comments of an execution the principal may see, oldest first. */
  async comments(principal: Principal, runId: number): Promise<ExecutionComment[]> {
    await this.get(principal, runId);
    return listComments(this.deps.store.db, principal.client, runId);
  }

  /**
   * Adds a comment (0 to 1024 characters) to an execution the principal may see and cancel. Codes of the
   * interface: 45150 for a missing comment, 45151 for an invalid one, 45149 when the client does
   * not allow comments (UC_CLIENT_SETTINGS EXECUTION_COMMENTS = OFF).
   */
  async addComment(principal: Principal, runId: number, comment: unknown): Promise<ExecutionComment> {
    if (comment === undefined || comment === null) throw invalid(ErrorCode.COMMENT_PROPERTY_NULL, "comment", "may not be null", null);
    if (typeof comment !== "string" || comment.length > 1024) throw invalid(ErrorCode.COMMENT_PROPERTY_INVALID, "comment", "must be text of at most 1024 characters", comment);
    // Writing a comment changes the run's record: the vendor asks for the statistics right and that
    // of modification at runtime, which is Baton's cancel/restart right.
    requireCancel(principal, await this.get(principal, runId));
    if ((await textClientSetting(this.deps.store.db, principal.client, "EXECUTION_COMMENTS")) === "OFF") {
      throw invalid(ErrorCode.COMMENT_CLIENT_NOT_ALLOWED, "comment", `client ${principal.client} does not allow comments on executions`, comment);
    }
    const added = { timestamp: this.deps.clock.now(), comment, user: principal.userName };
    await addComment(this.deps.store.db, principal.client, runId, added);
    return added;
  }

  /** Estimated runtimes of the execution (and of its tasks, for a workflow). */
  async ert(principal: Principal, runId: number): Promise<OutErtEstimations> {
    const execution = await this.get(principal, runId);
    return executionErt(this.deps.store.db, this.deps.estimator, execution, await this.deps.definitionOf(execution), this.deps.clock.now());
  }

  /** The variables of an execution the principal may see. */
  async variables(principal: Principal, runId: number): Promise<Record<string, unknown>> {
    await this.get(principal, runId);
    return findExecutionVariables(this.deps.store.db, principal.client, runId);
  }

  #fieldSources(client: number): FieldSources {
    return { db: this.deps.store.db, describeRecurring: (runId) => this.deps.describeRecurring(client, runId) };
  }
}
