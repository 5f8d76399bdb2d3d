import type { ObjectBody } from "@baton/contract";
import type { ObjectRow } from "@baton/engine/bench";

/** Jobs per chain: each chain starts after <START>, its jobs one after the other. */
export const CHAIN_LENGTH = 3;

/**
 * A workflow `name` of `count` UNIX jobs on agent LOCAL in chains of three, all chains side by side,
 * followed by the jobs themselves: wide enough that planning handles many ready tasks at once and
 * deep enough that simulation orders them.
 */
export function chainedWorkflow(name: string, count: number): ObjectRow[] {
  const jobs = Array.from({ length: count }, (_, i) => {
    const jobName = `${name}.J${i}`;
    const body: ObjectBody = { general_attributes: { name: jobName, type: "JOBS" }, job_attributes: { agent: "LOCAL", platform: "UNIX" } };
    return { type: "JOBS", name: jobName, folder: "", body: JSON.stringify(body) };
  });
  const flow: ObjectBody = {
    general_attributes: { name, type: "JOBP" },
    workflow_definitions: [
      { line_number: "1", object_name: "START", object_type: "<START>" },
      ...jobs.map((job, i) => ({ line_number: String(i + 2), object_name: job.name, object_type: "JOBS" })),
      { line_number: String(count + 2), object_name: "END", object_type: "<END>" },
    ],
    line_conditions: Array.from({ length: count }, (_, i) => ({ workflow_line_number: String(i + 2), predecessor_line_number: String(i % CHAIN_LENGTH === 0 ? 1 : i + 1) })),
  };
  return [...jobs, { type: "JOBP", name, folder: "", body: JSON.stringify(flow) }];
}
