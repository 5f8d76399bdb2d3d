import { OutRunId } from "@baton/contract";
import type { ApiTour } from "./tour";
import { waitForEnd } from "../test-baton";
import { HELLO_FLOW, HELLO_JOB } from "./objects";

const EXECUTIONS = "/{client_id}/executions";
const RUN = `${EXECUTIONS}/{run_id}`;
/** A run id no execution has. */
const NO_RUN = { run_id: 999_999 };
/** A time far ahead, so that a once-execution waits for it through the whole tour. */
export const FAR_AHEAD = "2030-01-07T06:00:00Z";

/** Runs a job and a workflow to their end and reads them every way there is; runs a script; cancels a waiting execution. */
export async function tourExecutions(tour: ApiTour): Promise<void> {
  const start = async (title: string, body: Record<string, unknown>) => OutRunId.parse(await tour.call(`POST ${EXECUTIONS}`, { title, json: body })).run_id;
  const job = await start("Start a job", { objectName: HELLO_JOB, executionOption: "execute" });
  await tour.call(`POST ${EXECUTIONS}`, { title: "An unknown execution option", json: { objectName: HELLO_JOB, executionOption: "sometimes" } }, 400);
  await waitForEnd(tour.test, 100, job);
  const flow = await start("Start a workflow", { objectName: HELLO_FLOW, executionOption: "execute" });
  await waitForEnd(tour.test, 100, flow);
  const waiting = await start("Start a job once, at a given time", { objectName: HELLO_JOB, executionOption: "once", once: { executionDateTime: FAR_AHEAD } });

  await tour.call(`GET ${EXECUTIONS}`, { title: "List executions", query: { name: "TOUR.*", max_results: 3 } });
  await tour.call(`GET ${EXECUTIONS}`, { title: "A page size that is not a number", query: { max_results: "ten" } }, 400);
  const reads: Array<[string, string, Record<string, string | number>, Record<string, string | number>?]> = [
    ["", "An execution", { run_id: job }],
    ["/children", "The tasks of a workflow", { run_id: flow }],
    ["/variables", "The variables of an execution", { run_id: job }],
    ["/ert", "Estimated runtimes of a workflow and its tasks", { run_id: flow }],
    ["/reports", "The reports of an execution", { run_id: job }],
    ["/reports/{report_type}", "The pages of a report", { run_id: job, report_type: "REP" }],
  ];
  for (const [suffix, title, params, query] of reads) {
    await tour.call(`GET ${RUN}${suffix}`, { title, params, ...(query && { query }) });
    await tour.call(`GET ${RUN}${suffix}`, { title: "A run that does not exist", params: { ...params, ...NO_RUN } }, 404);
  }
  await tour.call(`POST ${RUN}/comments`, { title: "Comment on an execution", params: { run_id: job }, json: { comment: "Checked the output: all good." } });
  await tour.call(`POST ${RUN}/comments`, { title: "A run that does not exist", params: NO_RUN, json: { comment: "Lost?" } }, 404);
  await tour.call(`GET ${RUN}/comments`, { title: "The comments of an execution", params: { run_id: job } });
  await tour.call(`GET ${RUN}/comments`, { title: "A run that does not exist", params: NO_RUN }, 404);
  await tour.call(`POST ${RUN}/ignore_sync_condition`, { title: "Let a task start without its sync condition", params: { run_id: waiting } });
  await tour.call(`POST ${RUN}/ignore_sync_condition`, { title: "A run that does not exist", params: NO_RUN }, 404);
  await tour.call(`POST ${RUN}/ignore_sync_condition`, { title: "A task that has ended", params: { run_id: job } }, 403);
  await tour.call(`POST ${RUN}/status`, { title: "Cancel a waiting execution", params: { run_id: waiting }, json: { action: "cancel" } });
  await tour.call(`POST ${RUN}/status`, { title: "A run that does not exist", params: NO_RUN, json: { action: "restart" } }, 404);

  await tour.call("POST /{client_id}/scripts", { title: "Run a script", json: { script: ':PRINT "Hello from a script"' } });
  await tour.call("POST /{client_id}/scripts", { title: "An empty script", json: { script: "  \n" } }, 400);
}
