import type { Kysely } from "kysely";
import { z } from "zod";
import type { VariableValues } from "../domain/execution";
import type { Database } from "./schema";
import { parseStored } from "./stored-json";

/** Stores an execution's variables, the values it returns to its activator (:RSET) and passes to its workflow (:PSET). */
export async function setExecutionVariables(
  db: Kysely<Database>,
  client: number,
  runId: number,
  values: { variables: VariableValues; returned: VariableValues; passed: VariableValues },
): Promise<void> {
  await db
    .updateTable("executions")
    .set({ variables: JSON.stringify(values.variables), returned_variables: JSON.stringify(values.returned), passed_variables: JSON.stringify(values.passed) })
    .where("client", "=", client)
    .where("run_id", "=", runId)
    .execute();
}

/** An execution's variables, or the values it returned (:RSET) or passed (:PSET); empty when it has none. */
export async function findExecutionVariables(db: Kysely<Database>, client: number, runId: number, which: "variables" | "returned" | "passed" = "variables"): Promise<VariableValues> {
  const row = await db
    .selectFrom("executions")
    .select(["variables", "returned_variables", "passed_variables"])
    .where("client", "=", client)
    .where("run_id", "=", runId)
    .executeTakeFirst();
  const column = which === "variables" ? "variables" : which === "returned" ? "returned_variables" : "passed_variables";
  return parseValues(row?.[column], column, client, runId);
}

/** Variable values as stored (setExecutionVariables), name → value. */
const StoredValues = z.record(z.string(), z.union([z.string(), z.number()]));

/** Values of a variables column; none while the run has set none (null). */
function parseValues(text: string | null | undefined, column: string, client: number, runId: number): VariableValues {
  return text ? parseStored(StoredValues, text, `executions.${column}`, `client ${client}, run_id ${runId}`) : {};
}

/** What the ended tasks of a workflow passed to it with :PSET, in the order the tasks started. */
export async function listPassedValues(db: Kysely<Database>, client: number, parent: number): Promise<VariableValues[]> {
  const rows = await db
    .selectFrom("executions")
    .select(["run_id", "passed_variables"])
    .where("client", "=", client)
    .where("parent", "=", parent)
    .where("passed_variables", "is not", null)
    .where("passed_variables", "<>", "{}")
    .orderBy("run_id")
    .execute();
  return rows.map((r) => parseValues(r.passed_variables, "passed_variables", client, r.run_id));
}
