import { type ErtGroupOption, type InForecastExecutionBody, type InForecastObjectBody, isFinalStatus, type ObjectBody } from "@baton/contract";
import type { Logger } from "pino";
import type { Execution } from "../domain/execution";
import type { Agent } from "../runtime/agent-port";
import type { RuntimeEstimator } from "../runtime/runtime-estimator";
import type { Store } from "../store/connect";
import { findExecutionBody, listChildren, listUnfinishedTopLevel } from "../store/executions-store";
import { placeEntries } from "./forecast-entries";
import { planActivation, planExecution, type ForecastTask, type PlanContext, type RunSources } from "./execution-plan";
import { NotForecastable } from "./plan";
import { PlanSnapshot, type ErtChoice } from "./plan-snapshot";

export const DAY_MS = 24 * 3600 * 1000;
/** Most tasks a client forecast (the autoforecast too) places: runs that would pass it are left out, as unforecastable ones are. */
const MAX_CLIENT_TASKS = 50_000;

export interface ForecastPlansDeps {
  store: Store;
  logger: Logger;
  estimator: Pick<RuntimeEstimator, "estimatesFor">;
  /** Connected agents by name: where forecasts place jobs. */
  agents: ReadonlyMap<string, Agent>;
}

/** What a calculation produced: tasks to simulate and the period the forecast covers. */
export interface Calculated {
  tasks: ForecastTask[];
  snapshot: PlanSnapshot;
  start: number;
  /** The end of the observed period; an object forecast ends with its last entry. */
  end?: number | undefined;
}

/**
 * What each kind of forecast plans (an object's activation, an execution, everything a client
 * would run) and where the planned tasks land on the agents.
 */
export class ForecastPlans {
  constructor(private readonly deps: ForecastPlansDeps) {}

  async object(client: number, request: InForecastObjectBody, start: number): Promise<Calculated> {
    const snapshot = await this.#snapshot(client, [request.name], [], ertChoiceOf(request));
    // A schedule's slots of one day are forecast (as the object would run them from `start`).
    const context: PlanContext = { sources: snapshot, runs: this.#runs(client), window: { now: start, until: start + DAY_MS } };
    const tasks = await planActivation(context, request.name, start, "1");
    return { tasks, snapshot, start };
  }

  async execution(client: number, execution: Execution, request: InForecastExecutionBody, now: number, until: number): Promise<Calculated> {
    if (isFinalStatus(execution.status)) throw new NotForecastable(`execution ${execution.runId} of '${execution.name}' has ended`);
    const runs = this.#runs(client);
    const snapshot = await this.#snapshot(client, [execution.name], [{ type: execution.objectType, body: await runs.definition(execution.runId) }], ertChoiceOf(request));
    const tasks = await planExecution({ sources: snapshot, runs, window: { now, until } }, execution, "1");
    return { tasks, snapshot, start: now, end: until };
  }

  /**
   * Everything the client would run from now until `until`: its top-level executions that have
   * not ended, each as planExecution sees it. An activation that cannot be forecast (a broken
   * definition, more tasks than a plan holds) is left out rather than failing the whole client.
   */
  async client(client: number, now: number, until: number): Promise<Calculated> {
    const runs = this.#runs(client);
    const roots = await listUnfinishedTopLevel(this.deps.store.db, client);
    const bodies = await Promise.all(roots.map(async (r) => ({ type: r.objectType, body: await runs.definition(r.runId) })));
    const snapshot = await this.#snapshot(client, roots.map((r) => r.name), bodies, { option: "registration" });
    const context: PlanContext = { sources: snapshot, runs, window: { now, until } };
    const tasks: ForecastTask[] = [];
    for (const [index, root] of roots.entries()) {
      try {
        const planned = await planExecution(context, root, String(index + 1));
        if (tasks.length + planned.length > MAX_CLIENT_TASKS) throw new NotForecastable(`the client's runs would hold more than ${MAX_CLIENT_TASKS} tasks`);
        tasks.push(...planned);
      } catch (error) {
        if (!(error instanceof NotForecastable)) throw error;
        this.deps.logger.debug({ runId: root.runId, reason: error.message }, "left out of the client forecast");
      }
    }
    return { tasks, snapshot, start: now, end: until };
  }

  /** The planned tasks as entries placed on their agents (limits and transfers of the snapshot). */
  place(calculated: Calculated) {
    return placeEntries(calculated.tasks, calculated.snapshot.limits(), (name) => calculated.snapshot.transferDestination(name));
  }

  #snapshot(client: number, roots: readonly string[], bodies: readonly { type: string; body: ObjectBody }[], ert: ErtChoice): Promise<PlanSnapshot> {
    const deps = { db: this.deps.store.db, estimator: this.deps.estimator, connectedAgents: () => [...this.deps.agents.keys()], agentMaxJobs: (agent: string) => this.deps.agents.get(agent)?.maxJobs };
    return PlanSnapshot.load(deps, client, roots, bodies, ert);
  }

  /** Executions' children and definitions as planning reads them; each definition is read once per calculation. */
  #runs(client: number): RunSources {
    const { db } = this.deps.store;
    const definitions = new Map<number, ObjectBody>();
    return {
      children: (runId) => listChildren(db, client, runId),
      definition: async (runId) => {
        const known = definitions.get(runId);
        if (known !== undefined) return known;
        // An execution deleted since it was listed (with its client) plans as an object without members.
        const body = (await findExecutionBody(db, client, runId)) ?? { general_attributes: { name: "" } };
        definitions.set(runId, body);
        return body;
      },
    };
  }
}

function ertChoiceOf(request: { ert_group_option: ErtGroupOption; fixed?: number | undefined }): ErtChoice {
  return request.ert_group_option === "fixed" ? { option: "fixed", seconds: request.fixed ?? 0 } : { option: request.ert_group_option };
}
