import { isRecord } from "@baton/contract";
import type { InExecutionBody, ObjectBody } from "@baton/contract";
import type { CallbackSpec } from "../store/callbacks-store";

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
  /** A period container's: the type of the object it activates. */
  repeatsType?: string | undefined;
  referenceRunId?: number | undefined;
  restartCount?: number | undefined;
  restartPredecessor?: number | undefined;
  /** A status other than Preparing: ended at once (inactive, skipped tasks) or waiting (1698). */
  status?: number | undefined;
  /** For executions waiting for their start time. */
  dueAt?: number | undefined;
  /** When it was activated, if not now: the tasks a workflow step starts share the step's time. */
  activationTime?: number | undefined;
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
