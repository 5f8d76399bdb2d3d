import { Status, type ObjectBody } from "@baton/contract";
import type { Logger } from "pino";
import type { Execution } from "../domain/execution";
import { readTransfer } from "../domain/file-transfer";
import type { Store } from "../store/connect";
import type { Agent } from "./agent-port";
import { BackgroundRuns } from "./background-runs";
import type { Clock } from "./clock";
import type { ExecutionRecorder } from "./execution-recorder";
import { ReportWriter } from "./report-writer";

/**
 * Runs JOBF executions: the agent copies the files; each file with its byte count goes to the REP
 * report. All files copied → ENDED_OK; none matching, any failing or no transfer at all → ENDED_NOT_OK.
 */
export class TransferRunner {
  readonly #runs: BackgroundRuns;

  constructor(private readonly deps: { store: Store; clock: Clock; recorder: ExecutionRecorder; agents: ReadonlyMap<string, Agent>; logger: Logger }) {
    this.#runs = new BackgroundRuns(deps);
  }

  start(execution: Execution, definition: ObjectBody): Promise<void> {
    return this.#runs.run(execution, () => this.#run(execution, definition));
  }

  idle(): Promise<void> {
    return this.#runs.idle();
  }

  async #run(execution: Execution, definition: ObjectBody): Promise<void> {
    const { store, clock, recorder, agents } = this.deps;
    const act = new ReportWriter(store, clock, execution.client, execution.runId, "ACT");
    act.line(`U00011409 File transfer '${execution.name}' activated with RunID '${execution.runId}' by ${execution.user}.`);
    const end = async (status: number, why: string) => {
      act.line(why);
      await act.end();
      await recorder.change(execution, { status, endTime: clock.now() });
    };
    const transfer = readTransfer(definition);
    const source = agents.get(transfer.sourceAgent);
    const destination = agents.get(transfer.destinationAgent);
    if (source === undefined || destination === undefined) {
      return end(Status.FAULT_NO_HOST, `U00011001 Agent '${source === undefined ? transfer.sourceAgent : transfer.destinationAgent}' is not connected: the transfer cannot start.`);
    }
    if (source !== destination) {
      return end(Status.FAULT_OTHER, "U00011418 Transfers between two different agents need standalone agents, which are not connected to this engine.");
    }
    if ((await recorder.claim(execution, Status.PREPARING, { status: Status.ACTIVE, startTime: clock.now(), agent: source.name, platform: source.platform })) === undefined) {
      await act.end();
      return;
    }
    const result = await source.transfer({ run_id: execution.runId, source_path: transfer.sourcePath, destination_path: transfer.destinationPath, overwrite: transfer.overwrite });
    const rep = new ReportWriter(store, clock, execution.client, execution.runId, "REP");
    for (const file of result.files) {
      rep.write(file.outcome === "copied" ? `copied ${file.source} -> ${file.destination} (${file.bytes} bytes)\n` : `FAILED ${file.source} -> ${file.destination}: ${file.message ?? "error"}\n`);
    }
    const copied = result.files.filter((f) => f.outcome === "copied");
    const bytes = copied.reduce((sum, f) => sum + f.bytes, 0);
    rep.write(`${copied.length} of ${result.files.length} files copied, ${bytes} bytes\n`);
    await rep.end();
    if (result.error !== undefined) return end(Status.ENDED_NOT_OK, `U00011419 The transfer could not run: ${result.error}.`);
    if (result.files.length === 0) return end(Status.ENDED_NOT_OK, `U00011419 No file matches ${transfer.sourcePath}.`);
    const failed = result.files.length - copied.length;
    if (failed > 0) return end(Status.ENDED_NOT_OK, `U00011419 ${failed} of ${result.files.length} files could not be copied.`);
    return end(Status.ENDED_OK, `U00011410 File transfer ended: ${copied.length} files, ${bytes} bytes.`);
  }
}
