import { statusGroups, type OutForecastEntry } from "@baton/contract";

const isBlocked = (entry: OutForecastEntry) => entry.status !== undefined && statusGroups(entry.status).includes("blocked");
const endedAbnormally = (entry: OutForecastEntry) => entry.status !== undefined && statusGroups(entry.status).includes("abend");

/**
 * Why entries of a forecast have no time, by entry id, where a blocked workflow says so. The
 * engine gives no times to the tasks behind a task a workflow is blocked on (they start only when
 * an operator acts), and the blocked workflow and the workflows around it no end. Such an entry
 * waits for the task that ended abnormally in a blocked workflow within its nearest container
 * holding one (its own workflow, or one around it when a nested workflow is blocked).
 */
export function blockedEntryTexts(entries: readonly OutForecastEntry[]): Map<number, string> {
  const byId = new Map(entries.map((e) => [e.id, e]));
  const parentOf = (entry: OutForecastEntry) => (entry.parent === entry.id ? undefined : byId.get(entry.parent));
  // The first blocking task (in plan order) under each container that holds one.
  const blockerIn = new Map<number, OutForecastEntry>();
  for (const entry of [...entries].sort((a, b) => a.id - b.id)) {
    const container = parentOf(entry);
    if (container === undefined || !isBlocked(container) || !endedAbnormally(entry)) continue;
    for (let at: OutForecastEntry | undefined = container; at !== undefined && !blockerIn.has(at.id); at = parentOf(at)) blockerIn.set(at.id, entry);
  }
  const texts = new Map<number, string>();
  for (const entry of entries) {
    if (entry.estimated_start === undefined && entry.status === undefined) {
      let blocker: OutForecastEntry | undefined;
      for (let at = parentOf(entry); at !== undefined && blocker === undefined; at = parentOf(at)) blocker = blockerIn.get(at.id);
      if (blocker !== undefined) texts.set(entry.id, `Waits for blocked task ${blocker.name}`);
    } else if (entry.estimated_end === undefined) {
      const blocker = blockerIn.get(entry.id);
      if (blocker !== undefined) texts.set(entry.id, `No end: waits for blocked task ${blocker.name}`);
    }
  }
  return texts;
}
