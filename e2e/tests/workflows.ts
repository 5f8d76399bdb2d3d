/** The import body of a workflow of `tasks` (jobs) one after the other, from START to END, on one row. */
export function chain(name: string, tasks: readonly string[]) {
  const definitions = [
    { line_number: 1, object_name: "START", object_type: "<START>", row: 1, column: 1 },
    ...tasks.map((task, i) => ({ line_number: i + 2, object_name: task, object_type: "JOBS", row: 1, column: i + 2 })),
    { line_number: tasks.length + 2, object_name: "END", object_type: "<END>", row: 1, column: tasks.length + 2 },
  ];
  const conditions = definitions.slice(1).map((d) => ({ workflow_line_number: d.line_number, predecessor_line_number: d.line_number - 1 }));
  return { data: { jobp: { general_attributes: { name, type: "JOBP" }, workflow_definitions: definitions, line_conditions: conditions } }, path: "" };
}
