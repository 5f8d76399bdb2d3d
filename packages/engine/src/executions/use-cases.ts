import type { ExecutionField, ExecutionListField, InChangeExecutionStatusBody, InExecutionBody, OutErtEstimations } from "@baton/contract";
import type { Principal } from "../auth/authenticator";
import type { Execution } from "../domain/execution";
import type { ExecutionComment } from "../store/comments-store";
import type { ExecutionFilter } from "../store/execution-filters";
import type { ListPaging } from "../store/execution-pages-store";
import type { ExecutionPage, ListedExecution } from "./execution-fields";
import type { EventExecution } from "./read-executions";

/**
 * What the engine does with executions for a principal: the REST API's handlers call these, and so
 * may any caller in the same process (the engine's behaviour tests drive them directly).
 */
export interface ExecutionUseCases {
  /** Activates an object: at once, once at a time, or recurring (POST /executions). */
  activate(principal: Principal, request: InExecutionBody): Promise<Execution>;
  /** Runs script lines as a Script execution (POST /scripts). */
  runScript(principal: Principal, lines: readonly string[], queue: string | undefined): Promise<Execution>;
  /** Cancels, releases, acknowledges or restarts an execution (POST .../status): the execution acted on or started. */
  changeStatus(principal: Principal, runId: number, request: InChangeExecutionStatusBody): Promise<Execution>;
  /** An execution the principal may see. */
  get(principal: Principal, runId: number): Promise<Execution>;
  /** Whether the principal may see the execution an event reports (the live events' filter, the list's rights). */
  maySeeEvent(principal: Principal, execution: EventExecution): Promise<boolean>;
  /** An execution the principal may see, with the `fields` asked for. */
  detail(principal: Principal, runId: number, fields: readonly ExecutionField[]): Promise<ListedExecution>;
  /** A page of the executions the principal may see, each with the extra `fields` asked for. */
  list(principal: Principal, filter: ExecutionFilter, paging: ListPaging, fields?: readonly ExecutionListField[]): Promise<ExecutionPage>;
  /** A page of the immediate children (workflow tasks, schedule slots) of an execution. */
  children(principal: Principal, runId: number, paging: ListPaging): Promise<{ total: number; executions: Execution[]; hasmore: boolean }>;
  comments(principal: Principal, runId: number): Promise<ExecutionComment[]>;
  addComment(principal: Principal, runId: number, comment: unknown): Promise<ExecutionComment>;
  /** Estimated runtimes of the execution (and of its tasks, for a workflow). */
  ert(principal: Principal, runId: number): Promise<OutErtEstimations>;
  variables(principal: Principal, runId: number): Promise<Record<string, unknown>>;
  /** Resolves with the execution once it has ended (on any node). */
  waitForEnd(client: number, runId: number): Promise<Execution>;
}
