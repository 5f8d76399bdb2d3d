import type { Store } from "../store/connect";
import { databaseFault } from "../store/database-faults";
import { NO_PAGE, appendReport, openReport, type LastPage } from "../store/reports-store";
import type { Clock } from "./clock";
import { OutputQueue } from "./output-queue";

/** How often buffered job output is written, so a running job's report grows while it runs. */
const FLUSH_INTERVAL_MS = 250;
/** How long output the database refused (busy, full) waits before it is written again. */
const RETRY_INTERVAL_MS = 1000;
/** Refused output kept for the next attempt at most (characters); older output beyond it is dropped and counted. */
export const MAX_PENDING_CHARACTERS = 1024 * 1024;
/** Output one transaction writes at most (characters): a job that writes faster than the database stores is written in pieces. */
export const MAX_WRITE_CHARACTERS = 16 * 1024 * 1024;
/**
 * Output waiting to be written at which the writer writes at once and has its source wait
 * (characters); the source goes on once the waiting output is down to half of it. At least twice
 * MAX_PENDING_CHARACTERS, so that output kept while the database refuses never holds the source.
 */
export const PAUSE_AT_CHARACTERS = 4 * 1024 * 1024;
/**
 * Output waiting at which a source that goes on while paused (an agent that ignores the request)
 * loses its oldest waiting output, counted in `unpacedCharacters`: the engine's memory stays bounded.
 */
export const MAX_WAITING_CHARACTERS = 8 * PAUSE_AT_CHARACTERS;

/** Where a report's output comes from, which the writer can have wait: a running job. */
export interface OutputSource {
  pauseOutput(): void;
  resumeOutput(): void;
}

/**
 * Buffers the output of one report and writes it in batches; writes are serialised so pages
 * stay in order. A source that writes faster than the database stores is paused while
 * PAUSE_AT_CHARACTERS wait (see `pace`). Output the database refuses for a while (busy, full) is
 * kept, up to MAX_PENDING_CHARACTERS, and written once it takes it again; `lostCharacters` counts
 * what had to be dropped, and the source is not paused meanwhile.
 */
export class ReportWriter {
  readonly #buffer = new OutputQueue();
  #source: OutputSource | undefined;
  #paused = false;
  #timer: NodeJS.Timeout | undefined;
  #writing: Promise<void> = Promise.resolve();
  #failure: unknown;
  /** The database's latest refusal while output still waits for it. */
  #refusal: unknown;
  #lostCharacters = 0;
  #unpacedCharacters = 0;
  /** The report's last page as this writer left it; unknown (read at the next write) until it wrote or created the report. */
  #last: LastPage | undefined;

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly client: number,
    private readonly runId: number,
    private readonly type: string,
  ) {}

  /** Creates the (empty) report so that it is listed from the start. */
  open(): Promise<void> {
    return this.#serially(async () => {
      if (await openReport(this.store.db, this.client, this.runId, this.type, this.clock.now())) this.#last = NO_PAGE;
    });
  }

  /**
   * Has `source` wait while PAUSE_AT_CHARACTERS of its output wait to be written, so the output a
   * job writes faster than the database stores waits in the job's pipe, not in the engine's memory.
   */
  pace(source: OutputSource): void {
    this.#source = source;
  }

  write(text: string): void {
    this.#buffer.push(text);
    if (this.#refusal !== undefined) {
      this.#lostCharacters += this.#buffer.keepNewest(MAX_PENDING_CHARACTERS);
    } else if (this.#paused && this.#source !== undefined) {
      this.#unpacedCharacters += this.#buffer.keepNewest(MAX_WAITING_CHARACTERS);
    } else if (this.#buffer.length >= PAUSE_AT_CHARACTERS && !this.#paused) {
      this.#paused = true;
      this.#source?.pauseOutput();
      void this.flush();
      return;
    }
    this.#timer ??= setTimeout(() => void this.flush(), FLUSH_INTERVAL_MS);
  }

  /** Writes a line with the engine's timestamp, as activation protocols do. */
  line(message: string): void {
    this.write(`${new Date(this.clock.now()).toISOString()} ${message}\n`);
  }

  flush(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    return this.#writeBuffered(false);
  }

  /** Output the database refused for longer than the writer could keep it. */
  get lostCharacters(): number {
    return this.#lostCharacters;
  }

  /** Output dropped because its source went on while paused, past MAX_WAITING_CHARACTERS. */
  get unpacedCharacters(): number {
    return this.#unpacedCharacters;
  }

  /**
   * Writes what is left and marks the report complete, in one write; throws the database's refusal
   * while output still waits (call again to retry).
   */
  async end(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.#writeBuffered(true);
    // Refused: the text is kept for the next attempt, and the report is not marked complete yet.
    if (this.#refusal !== undefined) throw this.#refusal;
    if (this.#failure !== undefined) throw this.#failure;
  }

  /**
   * After the writes before it, writes the output buffered by then (and what comes meanwhile),
   * refused output of earlier writes first, in pieces of at most MAX_WRITE_CHARACTERS: the report
   * only ever grows in the order its output came, and it is marked complete only in a write that
   * stores everything before the mark.
   */
  #writeBuffered(ended: boolean): Promise<void> {
    return this.#serially(async () => {
      for (;;) {
        const text = this.#buffer.take(MAX_WRITE_CHARACTERS);
        this.#resumeWhenRoom();
        const last = this.#buffer.length === 0;
        if (text.length === 0 && !ended) return;
        try {
          this.#last = await appendReport(this.store.db, this.client, this.runId, this.type, text, this.clock.now(), { ended: ended && last, last: this.#last });
        } catch (error) {
          if (databaseFault(error) !== undefined) this.#keep(text, error);
          throw error;
        }
        if (last) return;
      }
    });
  }

  /** Runs `write` after the writes before it, and notes how it went. */
  #serially(write: () => Promise<void>): Promise<void> {
    this.#writing = this.#writing.then(write).then(
      () => {
        this.#refusal = undefined;
      },
      (error: unknown) => {
        // What the refused write left of the last page is not known: it is read at the next one.
        this.#last = undefined;
        if (databaseFault(error) === undefined) this.#failure ??= error;
      },
    );
    return this.#writing;
  }

  /** Puts refused output back before what came since, to be written again in a while. */
  #keep(text: string, refusal: unknown): void {
    this.#refusal = refusal;
    this.#buffer.unshift(text);
    this.#lostCharacters += this.#buffer.keepNewest(MAX_PENDING_CHARACTERS);
    this.#resumeWhenRoom();
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.flush(), RETRY_INTERVAL_MS);
  }

  /** Lets a paused source go on once the output waiting is down to half of what paused it. */
  #resumeWhenRoom(): void {
    if (!this.#paused || this.#buffer.length > PAUSE_AT_CHARACTERS / 2) return;
    this.#paused = false;
    this.#source?.resumeOutput();
  }
}
