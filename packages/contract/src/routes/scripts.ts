import { jsonAnswer } from "../openapi/answers";
import { InScriptsBody, OutRunId } from "../schemas/executions";
import { defineOperation, noParams } from "./operation";
import { ClientParams } from "./params";

/** POST /{client_id}/scripts: runs a script as a Script execution whose ACT report holds its output. */
export const scriptOperations = {
  postScripts: defineOperation({
    method: "POST",
    path: "/:client_id/scripts",
    summary: "Runs a script; its output is the ACT report of the run",
    answer: jsonAnswer(OutRunId, "The run of the script"),
    params: ClientParams,
    query: noParams,
    body: InScriptsBody,
  }),
};
