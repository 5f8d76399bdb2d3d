import type { InExecutionBody } from "@baton/contract";
import type { ScriptValue } from "@baton/script";
import type { Principal } from "../auth/authenticator";
import type { Execution } from "../domain/execution";

/** Deepest chain of scripts activating objects that activate scripts, so no activation recurses forever. */
export const MAX_ACTIVATION_DEPTH = 16;

/** What scripts need of the engine to activate, watch and cancel other executions. */
export interface Activator {
  activate(principal: Principal, request: InExecutionBody, depth: number): Promise<Execution>;
  /** Resolves with the execution once it has ended. */
  waitForEnd(client: number, runId: number): Promise<Execution>;
  /** The values an ended execution returned to its activator with :RSET. */
  returnedValues(client: number, runId: number): Promise<Record<string, string | number>>;
  /** Status code of an execution the principal may see (auth/acts), 0 when unknown or not visible to it. */
  statusOf(principal: Principal, runId: number): Promise<number>;
  /**
   * Cancels an execution for the principal: 0 when cancelled, else a non-zero error number (1 not
   * running, 2 unknown, 3 the principal may not cancel it, auth/acts).
   */
  cancel(principal: Principal, runId: number): Promise<number>;
  /** Activates the object of a workflow task as a child of the workflow. */
  startTask(principal: Principal, workflow: Execution, line: number, objectName: string, depth: number, inherited: ReadonlyMap<string, ScriptValue>): Promise<void>;
  /** Records a workflow task that ends without running (inactive, skipped). */
  settleTask(principal: Principal, workflow: Execution, line: number, objectName: string, objectType: string, status: number): Promise<void>;
}

/** Who an execution runs for, how deep in a chain of activations it sits, and what it inherits. */
export interface ActivationContext {
  principal: Principal;
  depth: number;
  activator: Activator;
  /** Values the workflow's earlier tasks passed with :PSET; they start as variables of the run. */
  inherited: ReadonlyMap<string, ScriptValue>;
}
