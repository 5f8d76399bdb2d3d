import type { ExecutionSortColumn } from "@baton/contract";
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import type { Dialect } from "./dialect";
import type { Database } from "./schema";

/**
 * How the list is ordered (the Baton extension `order_by`); the interface's own order is activation_time
 * descending. Each column is read in order from an index led by the client (migrations 0008 and
 * 0026), so a sorted page of a million executions reads a range of one index, not all of them.
 */
export interface ListOrder {
  column: ExecutionSortColumn;
  descending: boolean;
}

export const NEWEST_FIRST: ListOrder = { column: "activation_time", descending: true };

export function isNewestFirst(order: ListOrder): boolean {
  return order.column === NEWEST_FIRST.column && order.descending === NEWEST_FIRST.descending;
}

/** The values an execution is placed by in any order. */
export interface OrderKeyRow {
  run_id: number;
  activation_time: number;
  name: string;
  status: number;
  start_time: number | null;
  end_time: number | null;
}

export const ORDER_KEY_COLUMNS = ["run_id", "activation_time", "name", "status", "start_time", "end_time"] as const;

/**
 * One run of the order: the rows it holds (`where`) and the columns it is sorted by, all in the
 * order's direction. A column without a value (start and end times) splits the order in two: the
 * executions with a value, and those without, which count as later than any value (not started,
 * not ended yet), so they come last going up and first going down, on both databases alike.
 */
export interface OrderSegment {
  nulls: boolean;
  keys: readonly (keyof OrderKeyRow)[];
}

/** The segments of an order, in the order the list shows them. */
export function orderSegments(order: ListOrder): OrderSegment[] {
  const { column, descending } = order;
  if (column === "run_id") return [{ nulls: false, keys: ["run_id"] }];
  if (column === "activation_time") return [{ nulls: false, keys: ["activation_time", "run_id"] }];
  const valued: OrderSegment = { nulls: false, keys: [column, "activation_time", "run_id"] };
  if (column !== "start_time" && column !== "end_time") return [valued];
  const empty: OrderSegment = { nulls: true, keys: ["activation_time", "run_id"] };
  return descending ? [empty, valued] : [valued, empty];
}

/** The segment a row belongs to. */
export function segmentOf(order: ListOrder, row: OrderKeyRow): number {
  const segments = orderSegments(order);
  if (segments.length === 1) return 0;
  const isNull = row[order.column] === null;
  return segments.findIndex((segment) => segment.nulls === isNull);
}

function compareValues(a: string | number | null, b: string | number | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  // Code-unit order: names are ASCII, so this is the databases' byte order ("C" collation).
  return a < b ? -1 : 1;
}

/** Whether `a` comes before `b` in the order (negative), after it (positive) or is the same row. */
export function compareInOrder(order: ListOrder, a: OrderKeyRow, b: OrderKeyRow): number {
  const segment = segmentOf(order, a) - segmentOf(order, b);
  if (segment !== 0) return segment;
  const direction = order.descending ? -1 : 1;
  for (const key of orderSegments(order)[segmentOf(order, a)]?.keys ?? []) {
    const compared = compareValues(a[key], b[key]);
    if (compared !== 0) return compared * direction;
  }
  return 0;
}

type Conditions = ExpressionBuilder<Database, "executions">;

/**
 * A key column as the order compares it: names in byte order on PostgreSQL too (whatever the
 * database's collation), as SQLite compares them and as the name index of migration 0026 holds them.
 */
export function orderExpression(key: keyof OrderKeyRow, dialect: Dialect): Expression<unknown> {
  return key === "name" && dialect === "postgres" ? sql`${sql.ref("name")} collate "C"` : sql.ref(key);
}

/** The condition of a segment's rows. */
export function segmentCondition(eb: Conditions, order: ListOrder, segment: OrderSegment): Expression<SqlBool> | undefined {
  if (orderSegments(order).length === 1) return undefined;
  return eb(order.column, segment.nulls ? "is" : "is not", null);
}

/** Rows of the segment after `cursor` in the order: one range of the segment's index. */
export function afterCursor(order: ListOrder, segment: OrderSegment, cursor: OrderKeyRow, dialect: Dialect): Expression<SqlBool> {
  const columns = segment.keys.map((key) => orderExpression(key, dialect));
  const values = segment.keys.map((key) => sql`${cursor[key]}`);
  const left = sql`(${sql.join(columns)})`;
  const right = sql`(${sql.join(values)})`;
  return order.descending ? sql<SqlBool>`${left} < ${right}` : sql<SqlBool>`${left} > ${right}`;
}
