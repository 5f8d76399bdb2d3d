import type { SearchSortColumn } from "@baton/contract";
import type { SortEntry, SortOrder } from "./search-url";

const flip = (order: SortOrder): SortOrder => (order === "ASC" ? "DESC" : "ASC");

/**
 * A click on a column's header. A plain click sorts by that column alone (again: the other way);
 * with `additive` (shift-click) the column is added after the others, or turned round in place,
 * so ascending and descending columns can be mixed.
 */
export function sortByColumn(sort: readonly SortEntry[], column: SearchSortColumn, additive: boolean): SortEntry[] {
  const present = sort.find((entry) => entry.column === column);
  if (!additive) return [{ column, order: present && sort[0]?.column === column ? flip(present.order) : "ASC" }];
  if (!present) return [...sort, { column, order: "ASC" }];
  return sort.map((entry) => (entry.column === column ? { column, order: flip(entry.order) } : entry));
}

/** Removes one column from the order. */
export function withoutColumn(sort: readonly SortEntry[], column: SearchSortColumn): SortEntry[] {
  return sort.filter((entry) => entry.column !== column);
}
