import { Status } from "@baton/contract";
import type { Logger } from "pino";
import type { Execution } from "../domain/execution";
import type { Clock } from "./clock";
import type { ExecutionRecorder } from "./execution-recorder";

/**
 * Work the engine does for executions in the background. A failure inside the engine (not in the
 * execution itself) ends the execution FAULT_OTHER, so nothing stays active forever; shutdown waits
 * for all of it.
 */
export class BackgroundRuns {
  readonly #running = new Set<Promise<void>>();

  constructor(private readonly deps: { recorder: ExecutionRecorder; clock: Clock; logger: Logger }) {}

  run(execution: Pick<Execution, "client" | "runId">, work: () => Promise<void>): Promise<void> {
    const done = work().catch(async (error: unknown) => {
      this.deps.logger.error({ err: error, runId: execution.runId }, "execution failed in the engine");
      await this.deps.recorder.change(execution, { status: Status.FAULT_OTHER, endTime: this.deps.clock.now() }).catch(() => undefined);
    });
    this.#running.add(done);
    void done.finally(() => this.#running.delete(done));
    return done;
  }

  async idle(): Promise<void> {
    await Promise.all([...this.#running]);
  }
}
