import { isRecord } from "@baton/contract";
import type { InExecutionBody, ObjectBody } from "@baton/contract";
import type { Principal } from "../auth/authenticator";
import type { Execution } from "../domain/execution";
import type { CallbackSpec } from "../store/callbacks-store";
import type { ActivationContext } from "./activation-context";

/** Object types this engine runs. */
export const RUNNABLE_TYPES = new Set(["JOBS", "SCRI", "JOBP", "JSCH", "JOBF", "EVNT", "CALL"]);

/** The object type of period containers (recurring executions). */
export const PERIOD_CONTAINER = "C_PERIOD";

/** What an execution is created with besides its object. */
export interface CreateDetails {
  queue?: string | undefined;
  alias?: string | undefined;
  title?: string | undefined;
  archiveKey1?: string | undefined;
  archiveKey2?: string | undefined;
  parent?: number | undefined;
  lineNumber?: number | undefined;
  activatorObjectType?: string | undefined;
  referenceRunId?: number | undefined;
  restartCount?: number | undefined;
  restartPredecessor?: number | undefined;
  /** A status other than Preparing: ended at once (inactive, skipped tasks) or waiting (1698). */
  status?: number | undefined;
  /** For executions waiting for their start time. */
  dueAt?: number | undefined;
}

/**
 * What the runners of schedules and period containers need of the execution service to create
 * their slots and start them.
 */
export interface ChildStarter {
  create(principal: Principal, objectType: string, name: string, body: ObjectBody, details: CreateDetails): Promise<Execution>;
  /** Starts an execution, or lets it wait for a queue slot. */
  dispatch(execution: Execution, body: ObjectBody, context: ActivationContext): Promise<void>;
  definitionOf(execution: Execution): Promise<ObjectBody>;
  /** The context an execution was activated with, or one rebuilt from the database. */
  contextOf(execution: Execution): Promise<ActivationContext>;
}

export function objectDetails(body: ObjectBody): CreateDetails {
  const attributes = body.general_attributes;
  return {
    queue: stringAttribute(attributes, "queue"),
    title: stringAttribute(attributes, "title"),
    archiveKey1: stringAttribute(attributes, "archive_key1"),
    archiveKey2: stringAttribute(attributes, "archive_key2"),
  };
}

export function callbackSpec(callback: NonNullable<InExecutionBody["callback"]>): CallbackSpec {
  return { url: callback.http.url, headers: callback.http.headers ?? {}, recurringMode: callback.recurringMode ?? "once" };
}

function stringAttribute(attributes: Record<string, unknown>, key: string): string | undefined {
  const value = isRecord(attributes) ? attributes[key] : undefined;
  return typeof value === "string" && value !== "" ? value : undefined;
}
