import { useState } from "react";
import Button from "@mui/material/Button";
import ListItemText from "@mui/material/ListItemText";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Sort from "@mui/icons-material/Sort";
import { SEARCH_SORT_COLUMNS, type SearchSortColumn } from "@baton/contract";
import { withoutColumn } from "../api/search-sort";
import type { SortEntry } from "../api/search-url";
import { SORT_LABELS } from "./result-columns";

/** Each choice steps a column through: not sorted → ascending (added last) → descending → not sorted. */
function step(sort: readonly SortEntry[], column: SearchSortColumn): SortEntry[] {
  const entry = sort.find((e) => e.column === column);
  if (!entry) return [...sort, { column, order: "ASC" }];
  if (entry.order === "ASC") return sort.map((e) => (e.column === column ? { column, order: "DESC" } : e));
  return withoutColumn(sort, column);
}

function stateOf(sort: readonly SortEntry[], column: SearchSortColumn): string {
  const index = sort.findIndex((e) => e.column === column);
  const entry = sort[index];
  if (!entry) return "not sorted";
  return `${index + 1}. ${entry.order === "ASC" ? "ascending" : "descending"}`;
}

/**
 * Every sort property of the spec, also those no column shows (sub type, platform), and the
 * keyboard's way to mix directions. The menu stays open so that several columns can be set.
 */
export function SortMenu({ sort, onSort }: { sort: readonly SortEntry[]; onSort: (sort: SortEntry[]) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const summary = sort.map((e) => `${SORT_LABELS[e.column]} ${e.order === "ASC" ? "↑" : "↓"}`).join(", ");
  return (
    <>
      <Button startIcon={<Sort />} aria-haspopup="menu" onClick={(event) => setAnchor(event.currentTarget)}>
        {sort.length > 0 ? `Order: ${summary}` : "Order: name"}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {SEARCH_SORT_COLUMNS.map((column) => (
          <MenuItem key={column} onClick={() => onSort(step(sort, column))}>
            <ListItemText primary={SORT_LABELS[column]} secondary={stateOf(sort, column)} />
          </MenuItem>
        ))}
        <MenuItem disabled={sort.length === 0} onClick={() => onSort([])}>
          <ListItemText primary="Default order" secondary="name, then id" />
        </MenuItem>
      </Menu>
    </>
  );
}
