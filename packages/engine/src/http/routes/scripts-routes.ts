import { operations } from "@baton/contract";
import type { ExecutionUseCases } from "../../executions/use-cases";
import { bindRoute } from "../route";

/** POST /{client_id}/scripts: runs a script as a Script execution whose ACT report holds its output. */
export function scriptsRoutes(executions: ExecutionUseCases) {
  return [
    bindRoute(operations.postScripts, {
      handle: async ({ principal, body }) => {
        // One string with newlines, or an array of lines (whose items may hold newlines too).
        const lines = (typeof body.script === "string" ? [body.script] : body.script).flatMap((text) => text.split(/\r?\n/));
        const execution = await executions.runScript(principal, lines, body.queue);
        return { run_id: execution.runId };
      },
    }),
  ];
}
