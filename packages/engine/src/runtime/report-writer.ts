import type { Store } from "../store/connect";
import { appendReport, endReport } from "../store/reports-store";
import type { Clock } from "./clock";

/** How often buffered job output is written, so a running job's report grows while it runs. */
const FLUSH_INTERVAL_MS = 250;

/**
 * Buffers the output of one report and writes it in batches; writes are serialised so pages
 * stay in order.
 */
export class ReportWriter {
  #buffer = "";
  #timer: NodeJS.Timeout | undefined;
  #writing: Promise<void> = Promise.resolve();
  #failure: unknown;

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly client: number,
    private readonly runId: number,
    private readonly type: string,
  ) {}

  /** Creates the (empty) report so that it is listed from the start. */
  open(): Promise<void> {
    return this.#enqueue("");
  }

  write(text: string): void {
    this.#buffer += text;
    this.#timer ??= setTimeout(() => void this.flush(), FLUSH_INTERVAL_MS);
  }

  /** Writes a line with the engine's timestamp, as activation protocols do. */
  line(message: string): void {
    this.write(`${new Date(this.clock.now()).toISOString()} ${message}\n`);
  }

  flush(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const text = this.#buffer;
    this.#buffer = "";
    return text.length === 0 ? this.#writing : this.#enqueue(text);
  }

  /** Flushes what is left and marks the report complete. */
  async end(): Promise<void> {
    await this.flush();
    this.#writing = this.#writing.then(() => endReport(this.store.db, this.runId, this.type, this.clock.now()));
    await this.#writing;
    if (this.#failure !== undefined) throw this.#failure;
  }

  #enqueue(text: string): Promise<void> {
    this.#writing = this.#writing
      .then(() => appendReport(this.store.db, this.client, this.runId, this.type, text, this.clock.now()))
      .catch((error: unknown) => {
        this.#failure ??= error;
      });
    return this.#writing;
  }
}
