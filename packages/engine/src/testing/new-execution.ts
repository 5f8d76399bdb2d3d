import { Status } from "@baton/contract";
import { newExecutionRecord } from "../domain/execution";
import type { NewExecution } from "../store/executions-store";

/** An execution to insert in a test: an ended job of client 100 activated by the API, with `overrides`. */
export function newExecution(overrides: Partial<NewExecution> = {}): NewExecution {
  return newExecutionRecord({ client: 100, name: "NIGHTLY.BACKUP", objectType: "JOBS", type: "Job", status: Status.ENDED_OK, activationTime: 1_000, user: "ADMIN/ADMIN" }, overrides);
}
