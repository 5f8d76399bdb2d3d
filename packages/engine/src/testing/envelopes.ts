/**
 * Import envelopes (the body of POST /objects) of the objects behaviour tests run: a job on the
 * embedded agent and a workflow laid out from a list of tasks.
 */

/** A JOBS import envelope running `lines` on the embedded agent LOCAL. */
export function jobEnvelope(name: string, lines: string[], extra: Record<string, unknown> = {}) {
  return {
    data: {
      jobs: {
        metadata: { version: "21.0.0" },
        general_attributes: { name, type: "JOBS", queue: "CLIENT_QUEUE" },
        job_attributes: { platform: "UNIX", agent: "LOCAL", unix_shell: "sh" },
        scripts: [{ process: lines }],
        ...extra,
      },
    },
    path: "TESTS",
  };
}

export interface WorkflowTaskSpec {
  name: string;
  type?: string;
  active?: boolean;
  /** Predecessor lines, each with its expected state when not the default ANY_OK; line 1 (<START>) when absent. */
  after?: (number | [number, string])[];
}

/** A JOBP envelope: line 1 <START>, the tasks on lines 2.., <END> last after the given lines. */
export function workflow(name: string, tasks: WorkflowTaskSpec[], endAfter: number[]) {
  const endLine = tasks.length + 2;
  const definitions = [
    { line_number: "1", object_name: "START", object_type: "<START>", row: "1", column: "1", active: "1" },
    ...tasks.map((t, i) => ({ line_number: String(i + 2), object_name: t.name, object_type: t.type ?? "JOBS", row: "1", column: String(i + 2), active: t.active === false ? "0" : "1" })),
    { line_number: String(endLine), object_name: "END", object_type: "<END>", row: "1", column: String(endLine), active: "1" },
  ];
  const conditions = [
    ...tasks.flatMap((t, i) =>
      (t.after ?? [1]).map((p, n) => {
        const [line, expected] = Array.isArray(p) ? p : [p, undefined];
        return { workflow_line_number: String(i + 2), line_number: String(n + 1), predecessor_line_number: String(line), ...(expected && { expected_status: expected }) };
      }),
    ),
    ...endAfter.map((p, n) => ({ workflow_line_number: String(endLine), line_number: String(n + 1), predecessor_line_number: String(p) })),
  ];
  return { data: { jobp: { general_attributes: { name, type: "JOBP" }, workflow_attributes: {}, workflow_definitions: definitions, line_conditions: conditions } }, path: "FLOWS" };
}
