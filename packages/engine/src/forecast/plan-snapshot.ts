import type { ErtGroupOption, ObjectBody } from "@baton/contract";
import type { Kysely } from "kysely";
import { groupMembers, pickAgents, readAgentGroup } from "../domain/agent-group";
import { ERT_SAMPLE_SIZE, MIN_ERT_SECONDS } from "../domain/ert";
import { readTransfer } from "../domain/file-transfer";
import { jobTarget } from "../domain/job-script";
import { queueSlots } from "../domain/queue";
import { readSchedule } from "../domain/schedule";
import { readWorkflow } from "../domain/workflow";
import type { RuntimeEstimator } from "../runtime/runtime-estimator";
import { resolveTimeZone } from "../runtime/time-zones";
import { longestRecentRuntimes } from "../store/forecasts-store";
import { findObjectsNamed } from "../store/objects-store";
import type { Database } from "../store/schema";
import type { PlanSources } from "./plan";
import type { SimulationLimits } from "./simulate";

/** Which runtime each task of a forecast counts (InForecastObjectBody.ert_group_option). */
export type ErtChoice = { option: Exclude<ErtGroupOption, "fixed"> } | { option: "fixed"; seconds: number };

export interface SnapshotDeps {
  db: Kysely<Database>;
  estimator: Pick<RuntimeEstimator, "estimatesFor">;
  /** Names of the agents connected now (upper case). */
  connectedAgents(): readonly string[];
  /** The most jobs an agent runs at once, if it has a limit. */
  agentMaxJobs(agent: string): number | undefined;
}

export interface PlannedObject {
  type: string;
  body: ObjectBody;
}

/** Names per query: well below the bound-parameter limits of both databases. */
const NAMES_PER_QUERY = 500;

/**
 * What planning reads of a client, loaded before planning starts: every object the plan can reach
 * from its roots (tasks of workflows and schedules, agent groups, queues) in a few queries by
 * breadth, and the runtimes of all of them in one. Planning then runs from memory, so a
 * 1,000-task workflow costs a handful of queries instead of thousands. An object only the
 * definition of a nested run reaches (one its workflow named when it started) is loaded the same
 * way when planning first asks for it.
 */
export class PlanSnapshot implements PlanSources {
  readonly #objects = new Map<string, PlannedObject>();
  readonly #runtimes = new Map<string, number>();
  /** Names asked of the database, found or not. */
  readonly #asked = new Set<string>();
  /** Loads planning asked for, one after the other: an object asked for meanwhile is there once they end. */
  #loading: Promise<void> = Promise.resolve();

  private constructor(
    private readonly deps: SnapshotDeps,
    private readonly client: number,
    private readonly connected: readonly string[],
    private readonly ert: ErtChoice,
  ) {}

  /**
   * Loads the objects named in `roots` and those the `bodies` (definitions executions run with)
   * reach, with their runtimes by `ert`.
   */
  static async load(deps: SnapshotDeps, client: number, roots: readonly string[], bodies: readonly PlannedObject[], ert: ErtChoice): Promise<PlanSnapshot> {
    const snapshot = new PlanSnapshot(deps, client, deps.connectedAgents(), ert);
    await snapshot.#reach([...roots.map((n) => n.toUpperCase()), ...bodies.flatMap(referencesOf)]);
    return snapshot;
  }

  async object(name: string): Promise<PlannedObject | undefined> {
    if (!this.#asked.has(name)) this.#loading = this.#loading.then(() => this.#reach([name]));
    await this.#loading;
    return this.#objects.get(name);
  }

  async ertSeconds(name: string): Promise<number | undefined> {
    return this.#runtimes.get(name);
  }

  /**
   * With the registered ERTs, the one the execution was activated with, as the engine's own
   * estimates of it count (GET .../ert); the object's only without one. The other options ask for
   * their runtime for every task.
   */
  async executionErtSeconds(name: string, activatedWith: number | null): Promise<number | undefined> {
    return (this.ert.option === "registration" ? activatedWith : null) ?? this.#runtimes.get(name);
  }

  /** An agent group's job is forecast on the member its mode would pick first; without a connected member, on the group's name. */
  async agentFor(agent: string): Promise<string | undefined> {
    if (agent === "") return undefined;
    const object = this.#objects.get(agent);
    if (object?.type !== "HOSTG") return agent;
    const group = readAgentGroup(object.body);
    return pickAgents(group, groupMembers(group, this.connected), () => 0, 0)[0] ?? agent;
  }

  async timeZone(name: string): Promise<string> {
    return resolveTimeZone(this.deps.db, this.client, name);
  }

  /** The agent a file transfer writes to (its destination, through its group). */
  async transferDestination(name: string): Promise<string | undefined> {
    const object = this.#objects.get(name);
    return object?.type === "JOBF" ? this.agentFor(readTransfer(object.body).destinationAgent) : undefined;
  }

  /** Queue slots from the QUEUE objects the plan reaches, and the job limits of agents. */
  limits(): SimulationLimits {
    return {
      queueSlots: (queue) => {
        const object = this.#objects.get(queue);
        return object?.type === "QUEUE" ? queueSlots(object.body) : undefined;
      },
      agentMaxJobs: (agent) => this.deps.agentMaxJobs(agent),
    };
  }

  /** Loads the named objects not asked for yet and what they reach, breadth-first, with their runtimes. */
  async #reach(names: readonly string[]): Promise<void> {
    const loaded = new Map<string, PlannedObject>();
    let pending = [...new Set(names)].filter((name) => !this.#asked.has(name));
    while (pending.length > 0) {
      for (const name of pending) this.#asked.add(name);
      const found = await inBatches(pending, (batch) => findObjectsNamed(this.deps.db, this.client, batch));
      for (const object of found) loaded.set(object.name, { type: object.type, body: object.body });
      pending = [...new Set(found.flatMap((o) => referencesOf(o)))].filter((name) => !this.#asked.has(name));
    }
    for (const [name, object] of loaded) this.#objects.set(name, object);
    for (const [name, seconds] of await runtimesOf(this.deps, this.client, loaded, this.ert)) this.#runtimes.set(name, seconds);
  }
}

/** Runs a query per batch of names and collects the results. */
async function inBatches<R>(names: readonly string[], query: (batch: string[]) => Promise<Iterable<R>>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < names.length; i += NAMES_PER_QUERY) results.push(...(await query(names.slice(i, i + NAMES_PER_QUERY))));
  return results;
}

/** Objects a definition leads planning to: tasks, calendars, agents (groups) and queues; none for one that cannot be read. */
function referencesOf(object: PlannedObject): string[] {
  const queue = object.body.general_attributes["queue"];
  const names = typeof queue === "string" && queue !== "" ? [queue.toUpperCase()] : ["CLIENT_QUEUE"];
  try {
    switch (object.type) {
      case "JOBP":
        return [...names, ...[...readWorkflow(object.body).tasks.values()].map((t) => t.objectName.toUpperCase())];
      case "JSCH":
        return [...names, ...readSchedule(object.body).tasks.flatMap((t) => [t.objectName, ...(t.calendar === undefined ? [] : [t.calendar.name])])];
      case "JOBS":
        return [...names, jobTarget(object.body).agent];
      case "JOBF": {
        const transfer = readTransfer(object.body);
        return [...names, transfer.sourceAgent, transfer.destinationAgent];
      }
      default:
        return names;
    }
  } catch {
    // Planning reports what cannot be read, with the object's name (NotForecastable).
    return names;
  }
}

/** Seconds per runnable object by the chosen option; objects without a value count 60 s in planning. */
async function runtimesOf(deps: SnapshotDeps, client: number, objects: ReadonlyMap<string, PlannedObject>, ert: ErtChoice): Promise<Map<string, number>> {
  const runnable = [...objects].filter(([, o]) => !NOT_RUN.has(o.type));
  if (ert.option === "fixed") return new Map(runnable.map(([name]) => [name, ert.seconds]));
  const names = runnable.map(([name]) => name);
  const registered = new Map(await inBatches(names, (batch) => deps.estimator.estimatesFor(client, batch)));
  if (ert.option === "registration") return registered;
  const longest = await inBatches(names, (batch) => longestRecentRuntimes(deps.db, client, new Map(batch.map((name) => [name, objects.get(name)?.type ?? ""])), ERT_SAMPLE_SIZE));
  // As estimates, never below one second.
  return new Map([...registered, ...longest.map(([name, seconds]): [string, number] => [name, Math.max(MIN_ERT_SECONDS, seconds)])]);
}

/** Types that never run as a task: their runtimes are not asked for. */
const NOT_RUN = new Set(["QUEUE", "HOSTG", "CALE", "TZ", "VARA", "LOGIN", "USER", "USRG", "FOLD", "PRPT", "CONN"]);
