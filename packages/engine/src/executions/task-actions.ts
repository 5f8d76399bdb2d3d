import { ErrorCode, isFinalStatus } from "@baton/contract";
import { requireCancel } from "../auth/acts";
import type { Principal } from "../auth/authenticator";
import { ForbiddenError, NotFoundError } from "../domain/errors";
import { vendorRunId } from "../domain/execution";
import type { Store } from "../store/connect";
import { findExecution } from "../store/executions-store";

/** The details the vendor's answers of task actions carry. */
const NO_DETAILS = "No detail information available.";


/**
 * Actions on a running task of a workflow (the vendor's "Working with Workflow Tasks"), besides
 * the status changes of POST .../status. Each needs the right to cancel the task, as a cancel or
 * restart does; a RunID the client does not have is not found, whatever another client has.
 */
export class TaskActions {
  constructor(private readonly store: Store) {}

  /**
   * POST .../executions/{run_id}/ignore_sync_condition: lets a task that waits for the condition
   * of its Sync object start. Baton has no Sync objects, so no task ever waits for one: for a task
   * that has not ended, what the action brings about (nothing sync-related holds the task) already
   * holds, and it answers 200 changing nothing; a task that has ended is not active (403, code
   * 11191). These are the answers the vendor documents for the action, and the only ones.
   */
  async ignoreSyncCondition(principal: Principal, runId: number): Promise<void> {
    const task = await findExecution(this.store.db, principal.client, runId);
    if (task === undefined) throw new NotFoundError(ErrorCode.RUN_ID_NOT_FOUND, `Cannot find task with RunID('${vendorRunId(runId)}') for Ignore sync condition!`, NO_DETAILS);
    requireCancel(principal, task);
    if (isFinalStatus(task.status)) throw new ForbiddenError(ErrorCode.TASK_NOT_ACTIVE, `Task with RunID '${vendorRunId(runId)}' is not active.`, NO_DETAILS);
  }
}
