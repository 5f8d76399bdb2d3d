import type { Execution } from "../domain/execution";
import { activate, runScript } from "./activate";
import { Admission } from "./admission";
import { changeStatus } from "./change-status";
import { ExecutionLauncher, type ExecutionsDeps } from "./launcher";
import { ExecutionReads } from "./read-executions";
import { recoverExecutions } from "./recovery";
import type { ExecutionUseCases } from "./use-cases";

/** The executions layer as the engine composes it. */
export interface Executions {
  /** What callers (the REST API, tests) do with executions. */
  readonly useCases: ExecutionUseCases;
  readonly launcher: ExecutionLauncher;
  readonly admission: Admission;
  /** Recovers executions left over by a previous run or a node that died (all unfinished ones by default). */
  recover(unfinished?: readonly Execution[]): Promise<{ restarted: number; lost: number }>;
}

export function createExecutions(deps: ExecutionsDeps): Executions {
  const launcher = new ExecutionLauncher(deps);
  const reads = new ExecutionReads({
    store: deps.store,
    clock: deps.clock,
    estimator: deps.estimator,
    describeRecurring: (client, runId) => launcher.periods.describe(client, runId),
    definitionOf: (execution) => launcher.definitionOf(execution),
  });
  const useCases: ExecutionUseCases = {
    activate: (principal, request) => activate(launcher, principal, request),
    runScript: (principal, lines, queue) => runScript(launcher, principal, lines, queue),
    changeStatus: (principal, runId, request) => changeStatus(launcher, principal, runId, request),
    get: (principal, runId) => reads.get(principal, runId),
    maySeeEvent: (principal, execution) => reads.maySeeEvent(principal, execution),
    detail: (principal, runId, fields) => reads.detail(principal, runId, fields),
    list: (principal, filter, paging, fields) => reads.list(principal, filter, paging, fields),
    children: (principal, runId, paging) => reads.children(principal, runId, paging),
    comments: (principal, runId) => reads.comments(principal, runId),
    addComment: (principal, runId, comment) => reads.addComment(principal, runId, comment),
    ert: (principal, runId) => reads.ert(principal, runId),
    variables: (principal, runId) => reads.variables(principal, runId),
    waitForEnd: (client, runId) => launcher.waitForEnd(client, runId),
  };
  return { useCases, launcher, admission: new Admission(launcher), recover: (unfinished) => recoverExecutions(launcher, unfinished) };
}
