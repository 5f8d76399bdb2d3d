import type { OutExecution } from "@baton/contract";
import { counted } from "../../../lib/counted";
import type { ObjectRef } from "../../../lib/permissions";
import { availableActions } from "./available-actions";

export type BulkAction = "cancel" | "restart";

export const BULK_WORDS: Record<BulkAction, { verb: string; done: string; state: (one: boolean) => string }> = {
  cancel: { verb: "Cancel", done: "cancelled", state: (one) => (one ? "it has ended (or is a script, which runs to its end)" : "they have ended (or are scripts, which run to their end)") },
  restart: { verb: "Restart", done: "restarted", state: (one) => (one ? "it has not ended yet" : "they have not ended yet") },
};

/** Objects named in a sentence at most; the count says the rest. */
const OBJECTS_NAMED = 3;

/** What a bulk action does with the chosen executions: which it applies to, and why it leaves out the others. */
export interface BulkPlan {
  action: BulkAction;
  eligible: OutExecution[];
  /** Their state does not allow the action. */
  skipped: OutExecution[];
  /** Their state allows it, the user's rights on their object do not (both actions need the cancel right). */
  refused: OutExecution[];
}

/** Which of the chosen executions the action applies to; the others are left out and said so. `mayAct` answers for the cancel right on a row's object. */
export function planBulk(action: BulkAction, executions: readonly OutExecution[], mayAct: (execution: OutExecution) => boolean = () => true): BulkPlan {
  const plan: BulkPlan = { action, eligible: [], skipped: [], refused: [] };
  for (const execution of executions) {
    if (!availableActions(execution).includes(action)) plan.skipped.push(execution);
    else if (!mayAct(execution)) plan.refused.push(execution);
    else plan.eligible.push(execution);
  }
  return plan;
}

/** The objects of the executions, each once, in name order: what the permissions are asked about. */
export function distinctObjects(executions: readonly OutExecution[]): ObjectRef[] {
  const objects = new Map(executions.map(({ type, name }) => [`${type}:${name}`, { type, name }]));
  return [...objects.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, object]) => object);
}

/** `JOBS 'A', JOBS 'B' and JOBS 'C'`; past three, `… and 2 other objects`. */
function objectsText(executions: readonly OutExecution[]): string {
  const names = distinctObjects(executions).map(({ type, name }) => `${type} '${name}'`);
  const rest = names.length - OBJECTS_NAMED;
  if (rest > 0) return `${names.slice(0, OBJECTS_NAMED).join(", ")} and ${counted(rest, "other object")}`;
  return names.length < 2 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1) ?? ""}`;
}

/**
 * Why the plan leaves executions out, one sentence per reason: "2 of 5 cannot be cancelled: your
 * user lacks the cancel right on JOBS 'A'. Ask an administrator."
 */
export function leftOutSentences({ action, eligible, skipped, refused }: BulkPlan): string[] {
  const total = eligible.length + skipped.length + refused.length;
  const cannot = (count: number) => {
    const who = count < total ? `${count} of ${total} cannot` : total === 1 ? "The chosen execution cannot" : `None of the ${total} chosen can`;
    return `${who} be ${BULK_WORDS[action].done}`;
  };
  const sentences: string[] = [];
  if (skipped.length > 0) sentences.push(`${cannot(skipped.length)}: ${BULK_WORDS[action].state(skipped.length === 1)}.`);
  if (refused.length > 0) sentences.push(`${cannot(refused.length)}: your user lacks the cancel right on ${objectsText(refused)}. Ask an administrator.`);
  return sentences;
}

/**
 * Why the action is off for the chosen executions: none of them can take it, and the user's rights
 * are why for some. Undefined when one can, or when their state alone is why: as on an execution's
 * page, a refusal is about rights; the confirmation says what the state leaves out.
 */
export function bulkRefusalText(plan: BulkPlan): string | undefined {
  return plan.eligible.length === 0 && plan.refused.length > 0 ? leftOutSentences(plan).join(" ") : undefined;
}

const executions = (n: number) => counted(n, "execution");

/** "Cancel 2 executions?"; "Nothing to cancel" when none of the chosen can be. */
export function bulkQuestion(action: BulkAction, count: number): string {
  return count === 0 ? `Nothing to ${BULK_WORDS[action].verb.toLowerCase()}` : `${BULK_WORDS[action].verb} ${executions(count)}?`;
}

/** "2 restarted, 1 failed, 1 skipped." — the first line of the result. */
export function bulkSummary(action: BulkAction, succeeded: number, failed: number, skipped: number): string {
  const parts = [`${succeeded} ${BULK_WORDS[action].done}`];
  if (failed > 0) parts.push(`${failed} failed`);
  if (skipped > 0) parts.push(`${skipped} skipped`);
  return `${parts.join(", ")}.`;
}
