import { EXECUTION_TYPE_OF_OBJECT, ErrorCode, Right, Status, type InExecutionBody, type ObjectBody } from "@baton/contract";
import { requireRight } from "../auth/access";
import { accessFilter } from "../domain/authorization";
import type { Logger } from "pino";
import { NotFoundError, invalid } from "../domain/errors";
import type { Execution } from "../domain/execution";
import { isRecord } from "../domain/object-definition";
import type { Principal } from "../auth/authenticator";
import type { Store } from "../store/connect";
import { findExecution, findExecutionDefinition, listExecutions, listUnfinishedExecutions, type ExecutionFilter } from "../store/executions-store";
import { findObject } from "../store/objects-store";
import type { Clock } from "./clock";
import type { ExecutionRecorder } from "./execution-recorder";
import type { CallbackPolicy } from "./callback-policy";
import type { JobRunner } from "./job-runner";
import { ReportWriter } from "./report-writer";

/** Object types this engine can run. */
const RUNNABLE_TYPES = new Set(["JOBS"]);

export interface ExecutionServiceDeps {
  store: Store;
  clock: Clock;
  recorder: ExecutionRecorder;
  jobs: JobRunner;
  callbacks: CallbackPolicy;
  logger: Logger;
}

/** Starting executions and reading them. */
export class ExecutionService {
  constructor(private readonly deps: ExecutionServiceDeps) {}

  /** Activates an object for the principal and returns the new execution. */
  async activate(principal: Principal, request: InExecutionBody): Promise<Execution> {
    const { store, clock, recorder } = this.deps;
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
    if (!RUNNABLE_TYPES.has(object.type)) {
      throw invalid(ErrorCode.NOT_EXECUTABLE, "object_name", `object '${object.name}' of type ${object.type} is not executable`, request.objectName);
    }
    const attributes = object.body.general_attributes;
    const execution = await recorder.create(
      {
        client: principal.client,
        name: object.name,
        objectType: object.type,
        type: EXECUTION_TYPE_OF_OBJECT[object.type] ?? object.type,
        queue: request.queue ?? stringAttribute(attributes, "queue") ?? "CLIENT_QUEUE",
        status: Status.PREPARING,
        activationTime: clock.now(),
        startTime: null,
        endTime: null,
        user: principal.userName,
        agent: null,
        platform: null,
        parent: null,
        referenceRunId: 0,
        lineNumber: null,
        returnCode: null,
        alias: request.alias ?? null,
        title: stringAttribute(attributes, "title") ?? null,
        archiveKey1: stringAttribute(attributes, "archive_key1") ?? null,
        archiveKey2: stringAttribute(attributes, "archive_key2") ?? null,
        activatorObjectType: "API",
      },
      JSON.stringify(object.body),
    );
    void this.deps.jobs.start(execution, object.body);
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

  /** A page of the executions the principal may see. */
  list(principal: Principal, filter: ExecutionFilter, maxResults: number): Promise<{ total: number; executions: Execution[] }> {
    return listExecutions(this.deps.store.db, principal.client, { ...filter, access: accessFilter(principal.rights, Right.STATISTICS) }, maxResults);
  }

  /**
   * After a restart: jobs never handed to an agent start now; jobs that were handed over are
   * recorded as lost (their process died with the previous engine), never run twice.
   */
  async recover(): Promise<{ restarted: number; lost: number }> {
    const { store, clock, recorder, logger } = this.deps;
    let restarted = 0;
    let lost = 0;
    for (const execution of await listUnfinishedExecutions(store.db)) {
      if (execution.status === Status.PREPARING) {
        const definition = await findExecutionDefinition(store.db, execution.client, execution.runId);
        if (definition !== undefined) {
          const body: ObjectBody = JSON.parse(definition);
          void this.deps.jobs.start(execution, body);
          restarted += 1;
          continue;
        }
      }
      const act = new ReportWriter(store, clock, execution.client, execution.runId, "ACT");
      act.line("U00011803 The engine stopped while this job was active: its end is unknown.");
      await act.end();
      await recorder.change(execution, { status: Status.ENDED_LOST, endTime: clock.now() });
      lost += 1;
    }
    if (restarted + lost > 0) logger.info({ restarted, lost }, "recovered executions left over by the previous run");
    return { restarted, lost };
  }
}

function stringAttribute(attributes: Record<string, unknown>, key: string): string | undefined {
  const value = isRecord(attributes) ? attributes[key] : undefined;
  return typeof value === "string" && value !== "" ? value : undefined;
}
