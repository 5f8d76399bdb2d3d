import { InScriptsBody, jsonAnswer, OutRunId } from "@baton/contract";
import type { ExecutionService } from "../../runtime/execution-service";
import { defineRoute, noParams } from "../route";
import { ClientParams } from "./params";

/** POST /{client_id}/scripts: runs a script as a Script execution whose ACT report holds its output. */
export function scriptsRoutes(executions: ExecutionService) {
  return [
    defineRoute({
      method: "POST",
      path: "/:client_id/scripts",
      summary: "Runs a script; its output is the ACT report of the run",
      answer: jsonAnswer(OutRunId, "The run of the script"),
      params: ClientParams,
      query: noParams,
      body: InScriptsBody,
      handle: async ({ principal, body }) => {
        // One string with newlines, or an array of lines (whose items may hold newlines too).
        const lines = (typeof body.script === "string" ? [body.script] : body.script).flatMap((text) => text.split(/\r?\n/));
        const execution = await executions.runScript(principal, lines, body.queue);
        return { run_id: execution.runId };
      },
    }),
  ];
}
