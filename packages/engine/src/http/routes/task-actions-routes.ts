import { operations } from "@baton/contract";
import type { TaskActions } from "../../executions/task-actions";
import { bindRoute, Reply } from "../route";

/** The actions on workflow tasks of the vendor's "Working with Workflow Tasks" (24.x). */
export function taskActionsRoutes(actions: TaskActions) {
  return [
    bindRoute(operations.postExecutionsRunIdIgnoreSyncCondition, {
      handle: async ({ principal, params }) => {
        await actions.ignoreSyncCondition(principal, params.run_id);
        return Reply.empty();
      },
    }),
  ];
}
