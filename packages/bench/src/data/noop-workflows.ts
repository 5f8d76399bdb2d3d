/** A workflow line: its number and the line numbers that must end before it starts. */
interface Line {
  object: string;
  type: string;
  after: readonly number[];
}

/** The body of a JOBP whose lines are numbered from 1 (<START>) in the order given, then <END> after `endAfter`. */
function workflowBody(name: string, tasks: readonly Line[], endAfter: readonly number[]): Record<string, unknown> {
  const lines: Line[] = [{ object: "START", type: "<START>", after: [] }, ...tasks, { object: "END", type: "<END>", after: endAfter }];
  return {
    general_attributes: { name, type: "JOBP" },
    workflow_definitions: lines.map((line, i) => ({ line_number: String(i + 1), object_name: line.object, object_type: line.type })),
    line_conditions: lines.flatMap((line, i) => line.after.map((before) => ({ workflow_line_number: String(i + 1), predecessor_line_number: String(before) }))),
  };
}

/** A JOBP of `steps` runs of the script `script`, one after the other. */
export function sequentialWorkflow(name: string, script: string, steps: number): Record<string, unknown> {
  const tasks = Array.from({ length: steps }, (_, i) => ({ object: script, type: "SCRI", after: [i + 1] }));
  return workflowBody(name, tasks, [steps + 1]);
}

/** A JOBP of `width` runs of the script `script` side by side: all after <START>, <END> after all. */
export function fanOutWorkflow(name: string, script: string, width: number): Record<string, unknown> {
  const tasks = Array.from({ length: width }, () => ({ object: script, type: "SCRI", after: [1] }));
  return workflowBody(name, tasks, Array.from({ length: width }, (_, i) => i + 2));
}
