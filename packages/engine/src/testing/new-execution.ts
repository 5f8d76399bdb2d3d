import { Status } from "@baton/contract";
import type { NewExecution } from "../store/executions-store";

/** An execution to insert in a test: an ended job of client 100 activated by the API, with `overrides`. */
export function newExecution(overrides: Partial<NewExecution> = {}): NewExecution {
  return {
    client: 100,
    name: "NIGHTLY.BACKUP",
    objectType: "JOBS",
    type: "Job",
    queue: "CLIENT_QUEUE",
    status: Status.ENDED_OK,
    activationTime: 1_000,
    startTime: null,
    endTime: null,
    user: "ADMIN/ADMIN",
    agent: null,
    platform: null,
    parent: null,
    referenceRunId: 0,
    lineNumber: null,
    returnCode: null,
    alias: null,
    title: null,
    archiveKey1: null,
    archiveKey2: null,
    activatorObjectType: "API",
    restartCount: 0,
    restartPredecessor: null,
    dueAt: null,
    estimatedRuntime: null,
    ...overrides,
  };
}
