import { useId, useMemo, useState } from "react";
import type { OutExecution } from "@baton/contract";
import { usePermissions, type Refusal } from "../../../lib/permissions";
import { useChangeExecutionStatuses } from "../api/change-execution-statuses";
import { bulkRefusalText, distinctObjects, planBulk, type BulkAction, type BulkPlan } from "./bulk-plan";
import type { BulkResult } from "./bulk-result-alert";

const BULK_ACTIONS: readonly BulkAction[] = ["cancel", "restart"];

/**
 * Cancel or restart of several executions: `ask` opens the confirmation, `confirm` sends one
 * request per execution and keeps the result until it is dismissed. `onDone` gets the run ids
 * that worked, so the caller can unselect them and keep the failed ones selected. The user's
 * rights on the objects of the `selected` rows (the engine's answer) leave out the rows it would
 * refuse; `refusals` says why an action none of them can take, for those rights, is off.
 */
export function useBulkActions(selected: readonly OutExecution[], onDone: (succeeded: number[]) => void) {
  const mutation = useChangeExecutionStatuses();
  const [request, setRequest] = useState<BulkPlan | null>(null);
  const [result, setResult] = useState<BulkResult | null>(null);
  const objects = useMemo(() => distinctObjects(selected), [selected]);
  const permissions = usePermissions(objects);
  const refusalId = useId();
  const mayAct = (execution: OutExecution) => permissions.refusal("cancel", execution) === undefined;

  const refusals: Partial<Record<BulkAction, Refusal>> = {};
  for (const action of BULK_ACTIONS) {
    const text = bulkRefusalText(planBulk(action, selected, mayAct));
    if (text !== undefined) refusals[action] = { id: `${refusalId}-${action}`, text };
  }

  const ask = (action: BulkAction, executions: readonly OutExecution[]) => {
    if (executions.length === 0) return;
    setRequest(planBulk(action, executions, mayAct));
  };

  const confirm = (recursive: boolean) => {
    if (request === null) return;
    const { action, eligible, skipped, refused } = request;
    const change = action === "cancel" ? { action, cancel: { recursive } } : { action, restart: {} };
    mutation.mutate(
      { targets: eligible, change },
      {
        onSuccess: (outcomes) => {
          setRequest(null);
          setResult({ action, outcomes, skipped: skipped.length + refused.length });
          onDone(outcomes.flatMap((o) => (o.ok ? [o.target.run_id] : [])));
        },
      },
    );
  };

  return {
    request,
    result,
    refusals,
    pending: mutation.isPending,
    ask,
    confirm,
    close: () => setRequest(null),
    dismissResult: () => setResult(null),
  };
}
