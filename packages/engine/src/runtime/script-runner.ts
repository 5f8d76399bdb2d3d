import { Status, type ObjectBody } from "@baton/contract";
import type { Logger } from "pino";
import type { Execution } from "../domain/execution";
import { objectVariables, RESTART_POINT_VARIABLE } from "../domain/job-script";
import { scriptPage } from "../domain/object-definition";
import type { Store } from "../store/connect";
import type { ActivationContext } from "../executions/launcher";
import { BackgroundRuns } from "./background-runs";
import type { Clock } from "./clock";
import type { ExecutionRecorder } from "./execution-recorder";
import { ReportWriter } from "./report-writer";
import { EngineScriptHost } from "./script-host";
import { runScriptPage, scriptEndStatus, storedRunValues } from "./script-page";

export interface ScriptRunnerDeps {
  store: Store;
  clock: Clock;
  recorder: ExecutionRecorder;
  logger: Logger;
}

/** Runs Script executions (SCRI objects and POST /scripts) in the engine; output goes to the ACT report. */
export class ScriptRunner {
  readonly #runs: BackgroundRuns;

  constructor(private readonly deps: ScriptRunnerDeps) {
    this.#runs = new BackgroundRuns(deps);
  }

  /** Starts the script in the background; the promise settles once its end is recorded. */
  start(execution: Execution, definition: ObjectBody, context: ActivationContext): Promise<void> {
    return this.#runs.run(execution, () => this.#run(execution, definition, context));
  }

  idle(): Promise<void> {
    return this.#runs.idle();
  }

  async #run(execution: Execution, definition: ObjectBody, context: ActivationContext): Promise<void> {
    const { store, clock, recorder } = this.deps;
    const act = new ReportWriter(store, clock, execution.client, execution.runId, "ACT");
    // The report is created and the start claimed side by side: the two writes share a commit.
    const opened = act.open();
    act.line(`U00011409 Script '${execution.name}' activated with RunID '${execution.runId}' by ${execution.user}.`);
    // Only from Preparing: an execution cancelled meanwhile has ended and must not start.
    const started = await recorder.claim(execution, Status.PREPARING, { status: Status.ACTIVE, startTime: clock.now() });
    await opened;
    if (started === undefined) {
      await act.end();
      return;
    }
    const host = new EngineScriptHost(store, clock, act, context);
    const restartPoint = context.inherited.get(RESTART_POINT_VARIABLE);
    const result = await runScriptPage(scriptPage(definition, "process"), "script", host, new Map([...objectVariables(definition), ...context.inherited]), restartPoint === undefined ? undefined : String(restartPoint));
    const status = scriptEndStatus(result);
    act.line(`U00011410 Script '${execution.name}' ended: ${status === Status.ENDED_OK ? "ENDED_OK" : "ENDED_NOT_OK"}, return code ${result.returnCode}.`);
    await act.end();
    await recorder.change(execution, { status, endTime: clock.now(), returnCode: result.returnCode, variables: storedRunValues({ variables: result.variables, returned: result.rsets, passed: result.psets }) });
  }
}
