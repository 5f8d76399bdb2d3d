import type { OutListedExecution } from "@baton/contract";
import type { ListedExecution } from "../../runtime/execution-fields";
import { presentExecution, presentRecurring } from "./execution-presenter";

/** OutExecution of a list, with `restarts`, `predecessors` and `recurring` when `fields` asked for them. */
export function presentListedExecution(listed: ListedExecution, now: number): OutListedExecution {
  const { restarts, predecessors, recurring } = listed;
  return {
    ...presentExecution(listed, now),
    ...(restarts !== undefined && { restarts }),
    ...(predecessors && { predecessors: predecessors.map((p) => ({ run_id: p.runId, object_name: p.objectName, status: p.status })) }),
    ...(recurring && { recurring: presentRecurring(recurring.rule, recurring.occurCount, recurring.nextCheck) }),
  };
}
