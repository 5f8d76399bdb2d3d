import { z } from "zod";
import { Int32 } from "./primitives";

/** A task of a workflow graph: the workflow, the task's execution (0 before it has one) and its line. */
export const VertexKey = z.object({
  parent_run_id: Int32,
  run_id: Int32,
  lnr: Int32,
  child_loop_index: Int32,
});
export type VertexKey = z.infer<typeof VertexKey>;

/**
 * GET /{client_id}/executions/{run_id}/ert. Maps are keyed by run_id; tasks that have no execution
 * yet are keyed by their negative line number (-7 for line 7). `longest_path_vertex_keys` maps the
 * workflow's run_id to its critical path, <START> to <END>.
 */
export const OutErtEstimations = z.object({
  estimated_erts: z.record(z.string(), z.int()),
  estimated_start_times: z.record(z.string(), z.int()),
  longest_path_vertex_keys: z.record(z.string(), z.array(VertexKey)),
  ert: z.int(),
  rrt: z.int(),
});
export type OutErtEstimations = z.infer<typeof OutErtEstimations>;
