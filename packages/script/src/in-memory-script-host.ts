import { HostError, type ScriptHost, type ScriptValue } from "./host";

/**
 * A ScriptHost backed by Maps, for the package's own tests: static VARAs as key → values rows,
 * activatable object names, execution statuses by RunID, a settable clock, and every printed
 * line kept in `printed`. Not exported; the engine plugs in its real host.
 */
export class InMemoryScriptHost implements ScriptHost {
  readonly printed: string[] = [];
  /** VARA name → key → value1..value5. */
  readonly varas = new Map<string, Map<string, string[]>>();
  /** Objects ACTIVATE_UC_OBJECT can start. */
  readonly objects = new Set<string>();
  readonly activations: Array<{ name: string; wait: boolean; runId: number }> = [];
  readonly statuses = new Map<number, number>();
  /** Values each object returns with :RSET when waited for, by object name. */
  readonly returns = new Map<string, Map<string, ScriptValue>>();
  nowMs = Date.UTC(2024, 1, 29, 7, 5, 9);
  private nextRunId = 1001;

  constructor(setup: { varas?: Record<string, Record<string, string[]>>; objects?: string[] } = {}) {
    for (const [vara, rows] of Object.entries(setup.varas ?? {})) this.varas.set(vara, new Map(Object.entries(rows)));
    for (const name of setup.objects ?? []) this.objects.add(name);
  }

  print(line: string): void {
    this.printed.push(line);
  }

  now(): number {
    return this.nowMs;
  }

  async getVar(vara: string, key: string, column: number): Promise<string | undefined> {
    return this.rowsOf(vara).get(key)?.[column - 1];
  }

  async putVar(vara: string, key: string, values: readonly string[]): Promise<void> {
    this.rowsOf(vara).set(key, [...values]);
  }

  async activate(name: string): Promise<number> {
    if (!this.objects.has(name)) throw new HostError(`object '${name}' does not exist`);
    const runId = this.nextRunId;
    this.nextRunId += 1;
    this.activations.push({ name, wait: false, runId });
    this.statuses.set(runId, 1550);
    return runId;
  }

  /** Ends the execution at once and hands back what `returns` holds for its object. */
  async waitFor(runId: number): Promise<ReadonlyMap<string, ScriptValue>> {
    const activation = this.activations.find((a) => a.runId === runId);
    if (activation === undefined) throw new HostError(`RunID ${runId} was not activated`);
    activation.wait = true;
    this.statuses.set(runId, 1900);
    return this.returns.get(activation.name) ?? new Map();
  }

  async executionStatus(runId: number): Promise<number> {
    return this.statuses.get(runId) ?? 0;
  }

  async cancel(runId: number): Promise<number> {
    if (!this.statuses.has(runId)) return 20;
    this.statuses.set(runId, 1851);
    return 0;
  }

  async processRows(vara: string): Promise<string[][]> {
    return [...this.rowsOf(vara)].map(([key, values]) => [key, ...values]);
  }

  private rowsOf(vara: string): Map<string, string[]> {
    const rows = this.varas.get(vara);
    if (rows === undefined) throw new HostError(`VARA '${vara}' does not exist`);
    return rows;
  }
}
