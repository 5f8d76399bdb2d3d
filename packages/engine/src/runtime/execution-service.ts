import { EXECUTION_TYPE_OF_OBJECT, ErrorCode, Right, Status, isFinalStatus, type InExecutionBody, type ObjectBody } from "@baton/contract";
import { parseScript, ScriptSyntaxError } from "@baton/script";
import type { Logger } from "pino";
import { requirePrivilege, requireRight } from "../auth/access";
import type { Principal } from "../auth/authenticator";
import { loadPrincipal } from "../auth/principal-loader";
import { accessFilter } from "../domain/authorization";
import { NotFoundError, ValidationError, invalid } from "../domain/errors";
import type { Execution } from "../domain/execution";
import { isRecord } from "../domain/object-definition";
import type { Store } from "../store/connect";
import {
  findExecution,
  findExecutionDefinition,
  findExecutionVariables,
  listExecutions,
  listUnfinishedExecutions,
  type ExecutionFilter,
} from "../store/executions-store";
import { findObject } from "../store/objects-store";
import type { ActivationContext, Activator } from "./activation-context";
import type { CallbackPolicy } from "./callback-policy";
import type { Clock } from "./clock";
import type { ExecutionEventBus } from "./event-bus";
import type { ExecutionRecorder } from "./execution-recorder";
import type { JobRunner } from "./job-runner";
import { ReportWriter } from "./report-writer";
import type { ScriptRunner } from "./script-runner";

/** Name of the executions POST /scripts starts. */
export const AD_HOC_SCRIPT_NAME = "SCRIPT";

export interface ExecutionServiceDeps {
  store: Store;
  clock: Clock;
  recorder: ExecutionRecorder;
  bus: ExecutionEventBus;
  jobs: JobRunner;
  scripts: ScriptRunner;
  callbacks: CallbackPolicy;
  logger: Logger;
}

/** Starting executions, running them by type, and reading them. */
export class ExecutionService implements Activator {
  constructor(private readonly deps: ExecutionServiceDeps) {}

  /** Activates an object for the principal and returns the new execution. */
  async activate(principal: Principal, request: InExecutionBody, depth = 0): Promise<Execution> {
    const { store } = this.deps;
    if (request.executionOption !== "execute") {
      throw invalid(
        ErrorCode.INVALID_EXECUTION_OPTION,
        "execution_option",
        "this server starts objects with the option 'execute'; 'once' and 'recurring' are not available on it",
        request.executionOption,
      );
    }
    if (request.callback !== undefined) await this.deps.callbacks.check(request.callback.http.url);
    const object = await findObject(store.db, principal.client, request.objectName);
    if (object === undefined) {
      throw new NotFoundError(ErrorCode.OBJECT_NOT_FOUND, "Object not found.", `Object '${request.objectName}' does not exist in client ${principal.client}.`);
    }
    requireRight(principal, Right.EXECUTE, object.type, object.name);
    if (object.type !== "JOBS" && object.type !== "SCRI") {
      throw invalid(ErrorCode.NOT_EXECUTABLE, "object_name", `object '${object.name}' of type ${object.type} is not executable`, request.objectName);
    }
    const attributes = object.body.general_attributes;
    const execution = await this.#create(principal, object.type, object.name, object.body, {
      queue: request.queue ?? stringAttribute(attributes, "queue"),
      alias: request.alias,
      title: stringAttribute(attributes, "title"),
      archiveKey1: stringAttribute(attributes, "archive_key1"),
      archiveKey2: stringAttribute(attributes, "archive_key2"),
    });
    this.#start(execution, object.body, { principal, depth, activator: this });
    return execution;
  }

  /**
   * POST /scripts: runs script lines as a Script execution. A script that does not parse starts
   * nothing and answers 400 with its line and column.
   */
  async runScript(principal: Principal, lines: readonly string[], queue: string | undefined): Promise<Execution> {
    requirePrivilege(principal, "SCRIPTS");
    if (lines.every((line) => line.trim() === "")) throw invalid(ErrorCode.INVALID_REQUEST, "script", "is empty: send at least one statement", lines.join("\n"));
    try {
      parseScript(lines, "script");
    } catch (error) {
      if (!(error instanceof ScriptSyntaxError)) throw error;
      throw new ValidationError([
        { code: ErrorCode.SCRIPT_SYNTAX, path: "script", error: error.message, invalidValue: lines[error.line - 1] ?? null, line: error.line, column: error.column },
      ]);
    }
    const body: ObjectBody = { general_attributes: { name: AD_HOC_SCRIPT_NAME, type: "SCRI" }, scripts: [{ process: [...lines] }] };
    const execution = await this.#create(principal, "SCRI", AD_HOC_SCRIPT_NAME, body, { queue });
    this.#start(execution, body, { principal, depth: 0, activator: this });
    return execution;
  }

  /** An execution the principal may see (statistics right on its object). */
  async get(principal: Principal, runId: number): Promise<Execution> {
    const execution = await findExecution(this.deps.store.db, principal.client, runId);
    if (execution === undefined) {
      throw new NotFoundError(ErrorCode.RUN_ID_NOT_FOUND, "Execution not found.", `Cannot find task with RunID '${runId}' in client ${principal.client}.`);
    }
    requireRight(principal, Right.STATISTICS, execution.objectType, execution.name);
    return execution;
  }

  /** The variables of an execution the principal may see. */
  async variables(principal: Principal, runId: number): Promise<Record<string, unknown>> {
    await this.get(principal, runId);
    return findExecutionVariables(this.deps.store.db, principal.client, runId);
  }

  /** A page of the executions the principal may see. */
  list(principal: Principal, filter: ExecutionFilter, maxResults: number): Promise<{ total: number; executions: Execution[] }> {
    return listExecutions(this.deps.store.db, principal.client, { ...filter, access: accessFilter(principal.rights, Right.STATISTICS) }, maxResults);
  }

  async waitForEnd(client: number, runId: number): Promise<Execution> {
    const { bus, store } = this.deps;
    let unsubscribe = () => {};
    const ended = new Promise<void>((resolve) => {
      unsubscribe = bus.subscribe((event) => {
        if (event.client === client && event.execution.run_id === runId && isFinalStatus(event.execution.status)) resolve();
      });
    });
    try {
      const current = await findExecution(store.db, client, runId);
      if (current === undefined) throw new NotFoundError(ErrorCode.RUN_ID_NOT_FOUND, "Execution not found.", `Cannot find task with RunID '${runId}'.`);
      if (!isFinalStatus(current.status)) await ended;
      return (await findExecution(store.db, client, runId)) ?? current;
    } finally {
      unsubscribe();
    }
  }

  returnedValues(client: number, runId: number): Promise<Record<string, string | number>> {
    return findExecutionVariables(this.deps.store.db, client, runId, "returned");
  }

  async statusOf(client: number, runId: number): Promise<number> {
    return (await findExecution(this.deps.store.db, client, runId))?.status ?? 0;
  }

  async cancel(client: number, runId: number): Promise<number> {
    const execution = await findExecution(this.deps.store.db, client, runId);
    if (execution === undefined) return 2;
    return this.deps.jobs.cancel(runId) ? 0 : 1;
  }

  /**
   * After a restart: executions never handed on (1300) start now; those that were handed to an
   * agent or started running are recorded as lost (their process died with the previous engine),
   * never run twice.
   */
  async recover(): Promise<{ restarted: number; lost: number }> {
    const { store, clock, recorder, logger } = this.deps;
    let restarted = 0;
    let lost = 0;
    for (const execution of await listUnfinishedExecutions(store.db)) {
      if (execution.status === Status.PREPARING) {
        const definition = await findExecutionDefinition(store.db, execution.client, execution.runId);
        const principal = await loadPrincipal(store, execution.client, execution.user).catch(() => undefined);
        if (definition !== undefined && principal !== undefined) {
          this.#start(execution, JSON.parse(definition), { principal, depth: 0, activator: this });
          restarted += 1;
          continue;
        }
      }
      const act = new ReportWriter(store, clock, execution.client, execution.runId, "ACT");
      act.line("U00011803 The engine stopped while this execution was active: its end is unknown.");
      await act.end();
      await recorder.change(execution, { status: Status.ENDED_LOST, endTime: clock.now() });
      lost += 1;
    }
    if (restarted + lost > 0) logger.info({ restarted, lost }, "recovered executions left over by the previous run");
    return { restarted, lost };
  }

  #create(
    principal: Principal,
    objectType: string,
    name: string,
    body: ObjectBody,
    details: { queue?: string | undefined; alias?: string | undefined; title?: string | undefined; archiveKey1?: string | undefined; archiveKey2?: string | undefined },
  ): Promise<Execution> {
    return this.deps.recorder.create(
      {
        client: principal.client,
        name,
        objectType,
        type: EXECUTION_TYPE_OF_OBJECT[objectType] ?? objectType,
        queue: details.queue ?? "CLIENT_QUEUE",
        status: Status.PREPARING,
        activationTime: this.deps.clock.now(),
        startTime: null,
        endTime: null,
        user: principal.userName,
        agent: null,
        platform: null,
        parent: null,
        referenceRunId: 0,
        lineNumber: null,
        returnCode: null,
        alias: details.alias ?? null,
        title: details.title ?? null,
        archiveKey1: details.archiveKey1 ?? null,
        archiveKey2: details.archiveKey2 ?? null,
        activatorObjectType: "API",
      },
      JSON.stringify(body),
    );
  }

  #start(execution: Execution, body: ObjectBody, context: ActivationContext): void {
    if (execution.objectType === "SCRI") void this.deps.scripts.start(execution, body, context);
    else void this.deps.jobs.start(execution, body, context);
  }
}

function stringAttribute(attributes: Record<string, unknown>, key: string): string | undefined {
  const value = isRecord(attributes) ? attributes[key] : undefined;
  return typeof value === "string" && value !== "" ? value : undefined;
}
