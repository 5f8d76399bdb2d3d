import { isDeepStrictEqual } from "node:util";
import { CompiledQuery, type Compilable, type DialectAdapter, type Kysely, type QueryResult } from "kysely";
import type { Database } from "./schema";

/** The SQL text of each shape by dialect; null for a shape whose parameters did not match Kysely's. */
const texts = new WeakMap<DialectAdapter, Map<string, string | null>>();

/**
 * Statements the engine runs for every execution, in a handful of shapes: an execution's insert
 * (27 columns), its status updates, its event rows, its report and its estimate. Kysely builds and
 * compiles a query at every run, which for these cost as much as the database running them.
 * `runShaped` builds a shape's query once per dialect, keeps its SQL text, and afterwards runs that
 * text with each run's parameters.
 *
 * The caller names the shape and gives the parameters in the order the query takes them. The first
 * run of a shape checks them against the ones Kysely compiled: when they differ (a value left out
 * as undefined, a column in another order) the shape is not kept and each run is built as usual,
 * so a wrong order can only cost speed, never write a value into the wrong column.
 */
export async function runShaped<R>(db: Kysely<Database>, shape: string, parameters: readonly unknown[], build: () => Compilable<R>): Promise<QueryResult<R>> {
  const adapter = db.getExecutor().adapter;
  let known = texts.get(adapter);
  if (known === undefined) {
    known = new Map();
    texts.set(adapter, known);
  }
  const text = known.get(shape);
  if (typeof text === "string") return db.executeQuery<R>(CompiledQuery.raw(text, [...parameters]));
  const compiled = build().compile();
  if (text === undefined) known.set(shape, isDeepStrictEqual(compiled.parameters, parameters) ? compiled.sql : null);
  return db.executeQuery(compiled);
}
