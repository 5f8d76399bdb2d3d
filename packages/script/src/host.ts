/** Values of the language: untyped variables hold strings; numbers come from arithmetic and typed variables. */
export type ScriptValue = string | number;

/**
 * What a script may do outside itself. The interpreter is pure: every effect (reports, static
 * variables, activations, time) goes through the host the engine passes in.
 */
export interface ScriptHost {
  /** Writes one line to the ACT report (`:PRINT` output and the interpreter's messages). */
  print(line: string): void;
  /** Epoch milliseconds now (SYS_DATE, SYS_TIME). */
  now(): number;
  /**
   * GET_VAR: a value of a static VARA row (`column` 1..5). Undefined when the key does not exist;
   * throws HostError when the VARA does not exist.
   */
  getVar(vara: string, key: string, column: number): Promise<string | undefined>;
  /** :PUT_VAR: writes the values (value1..) of a static VARA row, creating the row when new. */
  putVar(vara: string, key: string, values: readonly string[]): Promise<void>;
  /** ACTIVATE_UC_OBJECT: activates an object and returns its RunID. Throws HostError when it cannot be activated. */
  activate(name: string): Promise<number>;
  /**
   * ACTIVATE_UC_OBJECT with WAIT: resolves once the execution has ended, with the values it
   * returned with :RSET (set in the activating script).
   */
  waitFor(runId: number): Promise<ReadonlyMap<string, ScriptValue>>;
  /** GET_UC_OBJECT_STATUS: the status code of an execution (0 when unknown or not visible to the script's user). */
  executionStatus(runId: number): Promise<number>;
  /** CANCEL_UC_OBJECT: cancels an execution; 0 when cancelled, else a non-zero error number (3: the script's user may not cancel it). */
  cancel(runId: number): Promise<number>;
  /** PREP_PROCESS_VAR: the rows of a static VARA as [key, value1, ..., value5]. */
  processRows(vara: string): Promise<string[][]>;
}

/** A failure the host reports (missing VARA, object that cannot run, ...): a runtime error at the call. */
export class HostError extends Error {
  override readonly name = "HostError";
}

export interface RunOptions {
  /**
   * `script`: every line is a statement or comment (SCRI, POST /scripts). `job`: other lines are
   * shell text, substituted and collected in `ScriptResult.text` (job process pages).
   */
  mode: "script" | "job";
  /** Variables set before the first line (object variables, prompt inputs, predefined ones), by `&NAME#`. */
  variables?: ReadonlyMap<string, ScriptValue>;
  /** Most statements executed before the run fails (guards endless loops); default 100,000. */
  stepLimit?: number;
  /**
   * Most milliseconds of work before the run fails (guards costly statements); default 10,000.
   * Time waiting for the host does not count.
   */
  timeLimit?: number;
  /** A monotonic clock in milliseconds that measures the run's work; performance.now by default. */
  monotonicNow?: () => number;
  /** The run's logical date and time (epoch ms) that SYS_LDATE and SYS_LTIME read; without it, the host's now. */
  logicalTime?: number;
}

export interface ScriptResult {
  /** `ended` normally, `stopped` by :STOP, `exited` by :EXIT, `failed` by a runtime error. */
  outcome: "ended" | "stopped" | "exited" | "failed";
  /** :EXIT's return code or :STOP's number; 0 otherwise (and 1 for a runtime error). */
  returnCode: number;
  /** The runtime error, with the position of the statement that failed. */
  error?: { message: string; line: number; column: number };
  /** All variables at the end, by `&NAME#`. */
  variables: Map<string, ScriptValue>;
  /** Values set with :PSET (for the parent workflow). */
  psets: Map<string, ScriptValue>;
  /** Values set with :RSET (for the activator). */
  rsets: Map<string, ScriptValue>;
  /** In `job` mode: the shell text lines, variables substituted, in the order they were reached. */
  text: string[];
}
