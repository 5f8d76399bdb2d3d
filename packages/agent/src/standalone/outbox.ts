import type { AgentMessage, JobResult } from "@baton/contract";

/** What the agent reports of its jobs; numbered and kept until the engine acknowledges it. */
export type JobReport = { type: "output"; run_id: number; text: string } | { type: "ended"; result: JobResult };
type NumberedReport = Extract<AgentMessage, { type: "output" | "ended" }>;

/**
 * The job reports an agent has sent or will send, in order. Each gets the next number; the engine
 * acknowledges by number, and everything after its last acknowledgement is sent again after a
 * reconnect, so a network drop neither loses nor (the engine ignores known numbers) repeats one.
 */
export class Outbox {
  #next = 1;
  readonly #pending: NumberedReport[] = [];
  #outputCharacters = 0;

  /** Numbers a report and keeps it; returns it to be sent now when connected. */
  add(report: JobReport): NumberedReport {
    const numbered = { ...report, seq: this.#next++ } as NumberedReport;
    this.#pending.push(numbered);
    if (numbered.type === "output") this.#outputCharacters += numbered.text.length;
    return numbered;
  }

  /** Characters of job output kept and not yet acknowledged. */
  get outputCharacters(): number {
    return this.#outputCharacters;
  }

  /** Drops every report up to `seq`; returns the jobs whose end was among them. */
  acknowledge(seq: number): number[] {
    const ended: number[] = [];
    while (this.#pending.length > 0 && (this.#pending[0]?.seq ?? Infinity) <= seq) {
      const report = this.#pending.shift();
      if (report?.type === "ended") ended.push(report.result.run_id);
      if (report?.type === "output") this.#outputCharacters -= report.text.length;
    }
    return ended;
  }

  /** The reports not yet acknowledged, oldest first. */
  unacknowledged(): readonly NumberedReport[] {
    return this.#pending;
  }
}
