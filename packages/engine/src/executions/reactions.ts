import { Status, isFinalStatus } from "@baton/contract";
import type { Logger } from "pino";
import type { Execution } from "../domain/execution";
import { AGENT_GROUP_ACTIVATOR } from "../runtime/agent-group-runner";
import type { ExecutionEventBus } from "../runtime/event-bus";
import type { RuntimeEstimator } from "../runtime/runtime-estimator";
import type { Admission } from "./admission";
import type { ExecutionLauncher } from "./launcher";

export interface ReactionsDeps {
  bus: ExecutionEventBus;
  launcher: ExecutionLauncher;
  admission: Admission;
  scheduler: { afterEnd(): void };
  estimator: RuntimeEstimator;
  metrics: { observe(execution: Execution): void };
  logger: Logger;
}

/**
 * Every reaction of the engine to a change of an execution, in one place. Changes made on this
 * node move its own work on (workflows, period containers, agent groups, estimates, metrics);
 * changes made anywhere in the cluster wake what any node may take (queue slots, waiting jobs).
 * Returns the function that ends them all.
 */
export function subscribeReactions(deps: ReactionsDeps): () => void {
  const { bus, launcher, admission, scheduler, estimator, metrics, logger } = deps;
  const failed = (what: string, runId: number) => (error: unknown) => logger.error({ err: error, runId }, what);
  const onThisNode = bus.subscribe(({ client, execution }) => {
    metrics.observe(execution);
    // A task's end (or restart) may move its workflow on.
    launcher.deps.workflows.afterTaskChange(execution);
    const { parent, activatorObjectType, status } = execution;
    if (parent !== null && isFinalStatus(status)) {
      // An activation of a period container that ends may plan the next one or end the container.
      if (activatorObjectType === "PERIOD") void launcher.periods.afterEnd(client, parent).catch(failed("period container step failed", parent));
      // The job of an agent group in mode X ends once the jobs on all its agents have.
      if (activatorObjectType === AGENT_GROUP_ACTIVATOR) void launcher.groups.afterEnd(client, parent).catch(failed("agent group step failed", parent));
    }
    // An execution that ended OK refines its object's estimated runtime.
    if (status === Status.ENDED_OK) void estimator.afterOk(client, execution.name).catch(failed("could not update the estimated runtime", execution.runId));
  });
  const inCluster = bus.subscribeCluster(({ execution }) => {
    // An end frees a queue slot and may have queued a callback.
    if (isFinalStatus(execution.status)) scheduler.afterEnd();
    // Jobs handed to this node for one of its agents start here, whichever node made them wait.
    if (execution.status === Status.WAITING_FOR_AGENT) admission.startJobsWaitingForAgentsSoon();
  });
  return () => {
    onThisNode();
    inCluster();
  };
}
