import type { OutExecution } from "@baton/contract";
import { availableActions } from "./available-actions";

export type BulkAction = "cancel" | "restart";

export const BULK_WORDS: Record<BulkAction, { verb: string; done: string; refusal: string }> = {
  cancel: { verb: "Cancel", done: "cancelled", refusal: "have ended (or cannot be cancelled)" },
  restart: { verb: "Restart", done: "restarted", refusal: "have not ended yet" },
};

/** Which of the chosen executions the action applies to; the others are left out and said so. */
export function planBulk(action: BulkAction, executions: readonly OutExecution[]): { eligible: OutExecution[]; skipped: OutExecution[] } {
  const eligible: OutExecution[] = [];
  const skipped: OutExecution[] = [];
  for (const execution of executions) (availableActions(execution).includes(action) ? eligible : skipped).push(execution);
  return { eligible, skipped };
}

const executions = (n: number) => `${n} execution${n === 1 ? "" : "s"}`;

/** "Cancel 2 executions?" */
export function bulkQuestion(action: BulkAction, count: number): string {
  return `${BULK_WORDS[action].verb} ${executions(count)}?`;
}

/** "2 restarted, 1 failed, 1 skipped." — the first line of the result. */
export function bulkSummary(action: BulkAction, succeeded: number, failed: number, skipped: number): string {
  const parts = [`${succeeded} ${BULK_WORDS[action].done}`];
  if (failed > 0) parts.push(`${failed} failed`);
  if (skipped > 0) parts.push(`${skipped} skipped`);
  return `${parts.join(", ")}.`;
}
