import { Status, type ObjectBody } from "@baton/contract";
import type { Logger } from "pino";
import {
  EVENT_FILE_SIZE_VARIABLE,
  EVENT_FILE_VARIABLE,
  EVENT_VARIABLE,
  fileEventCheck,
  readEvent,
  type EventDefinition,
  type FileEvent,
} from "../domain/event-definition";
import type { Execution } from "../domain/execution";
import { objectVariables } from "../domain/job-script";
import { scriptPage } from "../domain/object-definition";
import type { ScriptValue } from "@baton/script";
import type { Store } from "../store/connect";
import { listSeenFiles, replaceSeenFiles } from "../store/event-files-store";
import { claimDueAt, listDueEventChecks, setDueAt } from "../store/waiting-executions-store";
import { countOccurrence } from "../store/period-containers-store";
import { requireExecutionBody } from "../store/executions-store";
import type { ActivationContext } from "../executions/launcher";
import type { Agent } from "./agent-port";
import type { Clock } from "./clock";
import type { ExecutionRecorder } from "./execution-recorder";
import { ReportWriter } from "./report-writer";
import { EngineScriptHost } from "./script-host";
import { runScriptPage, scriptEndStatus } from "./script-page";

export interface EventRunnerDeps {
  store: Store;
  clock: Clock;
  recorder: ExecutionRecorder;
  agents: ReadonlyMap<string, Agent>;
  logger: Logger;
  poke: () => void;
  /** Whether the client may read the agent's files (its agent authorizations); every client may without it. */
  mayReadOn?: (client: number, agent: string) => Promise<boolean>;
}

/**
 * Runs events (EVNT). Every interval a check runs: for a time event the check page (pre_process),
 * which fires the event by setting &EVENT# to "FIRE"; for a file event a listing on its agent, where
 * each file that appeared (or became stable) fires it once. Each hit runs the process page and is
 * counted. The next check time is stored with the event, so checks go on after a restart. The
 * event ends after max_hits hits, or when cancelled.
 */
export class EventRunner {
  constructor(private readonly deps: EventRunnerDeps) {}

  async start(execution: Execution, body: ObjectBody): Promise<void> {
    const { store, clock, recorder, agents } = this.deps;
    const act = new ReportWriter(store, clock, execution.client, execution.runId, "ACT");
    act.line(`U00011409 Event '${execution.name}' activated with RunID '${execution.runId}' by ${execution.user}.`);
    const fail = async (status: number, why: string) => {
      act.line(why);
      await act.end();
      await recorder.change(execution, { status, endTime: clock.now() });
    };
    let definition: EventDefinition;
    try {
      definition = readEvent(body);
    } catch (error) {
      return fail(Status.FAULT_OTHER, `U00011414 The event cannot run: ${error instanceof Error ? error.message : String(error)}.`);
    }
    if (definition.type === "FILE") {
      if (!agents.has(definition.agent)) return fail(Status.FAULT_NO_HOST, `U00011001 Agent '${definition.agent}' is not connected: the file event cannot start.`);
      // A file event lists the agent's files: the client needs read on the agent, as a transfer from it does.
      if (this.deps.mayReadOn !== undefined && !(await this.deps.mayReadOn(execution.client, definition.agent))) {
        return fail(Status.FAULT_NO_HOST, `U00011008 Client ${execution.client} is not authorized to read files on agent '${definition.agent}': the file event cannot start.`);
      }
      act.line(`U00011434 Event '${execution.name}' checks ${definition.filePath} on agent '${definition.agent}' every ${definition.intervalSeconds} s (${definition.condition}).`);
    }
    await act.end();
    if ((await recorder.claim(execution, Status.PREPARING, { status: Status.ACTIVE, startTime: clock.now(), ...(definition.type === "FILE" && { agent: definition.agent }) })) === undefined) return;
    await setDueAt(store.db, execution.client, execution.runId, clock.now());
    this.deps.poke();
  }

  /** Runs the checks that are due; each is taken by exactly one caller. */
  async checkDue(contextOf: (execution: Execution) => Promise<ActivationContext>): Promise<void> {
    const { store, clock } = this.deps;
    for (const event of await listDueEventChecks(store.db, clock.now(), 100)) {
      if (event.dueAt === null || !(await claimDueAt(store.db, event.client, event.runId, event.dueAt))) continue;
      await this.#check(event, await contextOf(event)).catch((error: unknown) => this.deps.logger.error({ err: error, runId: event.runId }, "event check failed"));
    }
  }

  async #check(event: Execution, context: ActivationContext): Promise<void> {
    const { store, clock, recorder } = this.deps;
    const body = await requireExecutionBody(store.db, event.client, event.runId);
    const definition = readEvent(body);
    const act = new ReportWriter(store, clock, event.client, event.runId, "ACT");
    const host = new EngineScriptHost(store, clock, act, context);
    const end = async (status: number) => {
      await act.end();
      await recorder.change(event, { status, endTime: clock.now() });
    };

    /** One hit: counted, then the process page runs; true when the event has reached its last hit. */
    const hit = async (variables: ReadonlyMap<string, ScriptValue>, what: string): Promise<boolean> => {
      const hits = await countOccurrence(store.db, event.client, event.runId);
      act.line(`U00011430 Event '${event.name}' fired (hit ${hits})${what}.`);
      const fired = await runScriptPage(scriptPage(body, "process"), "script", host, variables);
      if (scriptEndStatus(fired) !== Status.ENDED_OK) act.line("U00011432 The event's process page ended not OK.");
      if (definition.maxHits > 0 && hits >= definition.maxHits) {
        act.line(`U00011433 Event '${event.name}' reached ${definition.maxHits} hits and ends.`);
        return true;
      }
      return false;
    };

    if (definition.type === "TIME") {
      const check = await runScriptPage(scriptPage(body, "pre_process"), "script", host, objectVariables(body));
      if (check.outcome === "failed") {
        act.line("U00011431 The event's check page failed: the event ends.");
        return end(Status.ENDED_NOT_OK);
      }
      if (String(check.variables.get(EVENT_VARIABLE) ?? "").toUpperCase() === "FIRE" && (await hit(check.variables, ""))) return end(Status.ENDED_OK);
    } else if (await this.#checkFiles(event, definition, act, (file, size) => hit(new Map<string, ScriptValue>([...objectVariables(body), [EVENT_FILE_VARIABLE, file], [EVENT_FILE_SIZE_VARIABLE, size]]), ` for ${file}`))) {
      return end(Status.ENDED_OK);
    }
    await act.end();
    await setDueAt(store.db, event.client, event.runId, clock.now() + definition.intervalSeconds * 1000);
    this.deps.poke();
  }

  /**
   * Lists the event's files on its agent and fires for each file the condition picks. What was
   * seen is stored before the hits run, so a crash in between loses a hit rather than repeating it.
   * True when the last hit was reached.
   */
  async #checkFiles(event: Execution, definition: FileEvent, act: ReportWriter, hit: (file: string, size: number) => Promise<boolean>): Promise<boolean> {
    const { store, agents } = this.deps;
    const agent = agents.get(definition.agent);
    if (agent === undefined) {
      act.line(`U00011435 Agent '${definition.agent}' is not connected: this check is skipped.`);
      return false;
    }
    const listing = await agent.listFiles(definition.filePath);
    if (listing.error !== undefined) {
      act.line(`U00011435 The check could not list the files: ${listing.error}.`);
      return false;
    }
    const { fire, seen } = fileEventCheck(definition.condition, await listSeenFiles(store.db, event.client, event.runId), listing.files);
    await replaceSeenFiles(store.db, event.client, event.runId, seen);
    for (const file of fire) {
      if (await hit(file.path, file.size)) return true;
    }
    return false;
  }
}
