import { emptyAnswer } from "@baton/contract";
import type { TaskActions } from "../../runtime/task-actions";
import { defineRoute, noBody, noParams, Reply } from "../route";
import { RunParams } from "./params";

/** The actions on workflow tasks of the vendor's "Working with Workflow Tasks" (24.x). */
export function taskActionsRoutes(actions: TaskActions) {
  return [
    defineRoute({
      method: "POST",
      path: "/:client_id/executions/:run_id/ignore_sync_condition",
      summary: "Lets a task that waits for its Sync object's condition start",
      answer: emptyAnswer("The task no longer waits for its sync condition"),
      params: RunParams,
      query: noParams,
      body: noBody,
      handle: async ({ principal, params }) => {
        await actions.ignoreSyncCondition(principal, params.run_id);
        return Reply.empty();
      },
    }),
  ];
}
