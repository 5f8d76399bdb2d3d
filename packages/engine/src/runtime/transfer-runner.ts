import { Status, type ObjectBody } from "@baton/contract";
import { posix } from "node:path";
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
 * Runs JOBF executions: the files the source agent lists are streamed to the destination agent,
 * which may be the same one or another; each file with its byte count goes to the REP report. All
 * files copied → ENDED_OK; none matching, any failing or no transfer at all → ENDED_NOT_OK.
 */
export class TransferRunner {
  readonly #runs: BackgroundRuns;

  constructor(
    private readonly deps: {
      store: Store;
      clock: Clock;
      recorder: ExecutionRecorder;
      agents: ReadonlyMap<string, Agent>;
      logger: Logger;
      /** Whether the client may transfer files from (read) or to (write) the agent; every client may without it. */
      mayUseAgent?: (client: number, agent: string, right: "read" | "write") => Promise<boolean>;
    },
  ) {
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
    // The agent authorizations: read lets a client's transfers take files from an agent, write put files on it.
    const allowed = this.deps.mayUseAgent;
    if (allowed !== undefined) {
      for (const [agent, right] of [[source.name, "read"], [destination.name, "write"]] as const) {
        if (!(await allowed(execution.client, agent, right))) return end(Status.FAULT_NO_HOST, `U00011008 Client ${execution.client} is not authorized to ${right === "read" ? "transfer files from" : "transfer files to"} agent '${agent}': the transfer cannot start.`);
      }
    }
    // The execution's agent is the source: that is where the files are read.
    if ((await recorder.claim(execution, Status.PREPARING, { status: Status.ACTIVE, startTime: clock.now(), agent: source.name, platform: source.platform })) === undefined) {
      await act.end();
      return;
    }
    act.line(`U00011408 File transfer from agent '${source.name}' to agent '${destination.name}' started.`);
    const listing = await source.listFiles(transfer.sourcePath);
    if (listing.error !== undefined) return end(Status.ENDED_NOT_OK, `U00011419 The transfer could not run: ${listing.error}.`);
    if (listing.files.length === 0) return end(Status.ENDED_NOT_OK, `U00011419 No file matches ${transfer.sourcePath}.`);
    const toDirectory = transfer.destinationPath.endsWith("/") || (await destination.isDirectory(transfer.destinationPath).catch(() => false));
    if (!toDirectory && listing.files.length > 1) {
      return end(Status.ENDED_NOT_OK, `U00011419 The transfer could not run: ${listing.files.length} files match but the destination ${transfer.destinationPath} is a single file.`);
    }
    const rep = new ReportWriter(store, clock, execution.client, execution.runId, "REP");
    let copied = 0;
    let bytes = 0;
    for (const file of listing.files) {
      const target = toDirectory ? posix.join(transfer.destinationPath, posix.basename(file.path)) : transfer.destinationPath;
      try {
        // The bytes stream from the source agent to the destination agent; neither holds the whole file.
        const written = await destination.writeFile(target, source.readFile(file.path), transfer.overwrite);
        copied += 1;
        bytes += written;
        rep.write(`copied ${source.name}:${file.path} -> ${destination.name}:${target} (${written} bytes)\n`);
      } catch (error) {
        rep.write(`FAILED ${source.name}:${file.path} -> ${destination.name}:${target}: ${error instanceof Error ? error.message : String(error)}\n`);
      }
    }
    rep.write(`${copied} of ${listing.files.length} files copied, ${bytes} bytes\n`);
    await rep.end();
    const failed = listing.files.length - copied;
    if (failed > 0) return end(Status.ENDED_NOT_OK, `U00011419 ${failed} of ${listing.files.length} files could not be copied.`);
    return end(Status.ENDED_OK, `U00011410 File transfer ended: ${copied} files, ${bytes} bytes.`);
  }
}
