import { Status, type ObjectBody } from "@baton/contract";
import type { Logger } from "pino";
import { EVENT_VARIABLE, readTimeEvent } from "../domain/event-definition";
import type { Execution } from "../domain/execution";
import { objectVariables } from "../domain/job-script";
import { scriptPage } from "../domain/object-definition";
import type { Store } from "../store/connect";
import { claimDueAt, countOccurrence, findExecutionDefinition, listDueEventChecks, setDueAt } from "../store/executions-store";
import type { ActivationContext } from "./activation-context";
import type { Clock } from "./clock";
import type { ExecutionRecorder } from "./execution-recorder";
import { ReportWriter } from "./report-writer";
import { EngineScriptHost } from "./script-host";
import { runScriptPage, scriptEndStatus } from "./script-page";

/**
 * Runs time events (EVNT): every interval the check page (pre_process) runs; when it sets &EVENT#
 * to "FIRE" the process page runs and the hit is counted. The next check time is stored with the
 * event, so checks go on after a restart. The event ends after max_hits hits, or when cancelled.
 */
export class EventRunner {
  constructor(private readonly deps: { store: Store; clock: Clock; recorder: ExecutionRecorder; logger: Logger; poke: () => void }) {}

  async start(execution: Execution, body: ObjectBody): Promise<void> {
    const { store, clock, recorder } = this.deps;
    const act = new ReportWriter(store, clock, execution.client, execution.runId, "ACT");
    act.line(`U00011409 Event '${execution.name}' activated with RunID '${execution.runId}' by ${execution.user}.`);
    try {
      readTimeEvent(body);
    } catch (error) {
      act.line(`U00011414 The event cannot run: ${error instanceof Error ? error.message : String(error)}.`);
      await act.end();
      await recorder.change(execution, { status: Status.FAULT_OTHER, endTime: clock.now() });
      return;
    }
    await act.end();
    if ((await recorder.claim(execution, Status.PREPARING, { status: Status.ACTIVE, startTime: clock.now() })) === undefined) return;
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
    const body: ObjectBody = JSON.parse((await findExecutionDefinition(store.db, event.client, event.runId)) ?? "{}");
    const definition = readTimeEvent(body);
    const act = new ReportWriter(store, clock, event.client, event.runId, "ACT");
    const host = new EngineScriptHost(store, clock, act, context);
    const check = await runScriptPage(scriptPage(body, "pre_process"), "script", host, objectVariables(body));
    if (check.outcome === "failed") {
      act.line("U00011431 The event's check page failed: the event ends.");
      await act.end();
      await recorder.change(event, { status: Status.ENDED_NOT_OK, endTime: clock.now() });
      return;
    }
    if (String(check.variables.get(EVENT_VARIABLE) ?? "").toUpperCase() === "FIRE") {
      const hits = await countOccurrence(store.db, event.client, event.runId);
      act.line(`U00011430 Event '${event.name}' fired (hit ${hits}).`);
      const fired = await runScriptPage(scriptPage(body, "process"), "script", host, check.variables);
      if (scriptEndStatus(fired) !== Status.ENDED_OK) act.line("U00011432 The event's process page ended not OK.");
      if (definition.maxHits > 0 && hits >= definition.maxHits) {
        act.line(`U00011433 Event '${event.name}' reached ${definition.maxHits} hits and ends.`);
        await act.end();
        await recorder.change(event, { status: Status.ENDED_OK, endTime: clock.now() });
        return;
      }
    }
    await act.end();
    await setDueAt(store.db, event.client, event.runId, clock.now() + definition.intervalSeconds * 1000);
    this.deps.poke();
  }
}
