import type { MouseEvent } from "react";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TableSortLabel from "@mui/material/TableSortLabel";
import Tooltip from "@mui/material/Tooltip";
import PlayArrow from "@mui/icons-material/PlayArrow";
import { EXECUTION_TYPE_OF_OBJECT, type OutSearchResultItem, type SearchSortColumn } from "@baton/contract";
import { sortByColumn } from "../api/search-sort";
import type { SortEntry } from "../api/search-url";
import { EVENT_COLUMNS, OBJECT_COLUMNS, SORT_LABELS, type ResultColumn } from "./result-columns";

interface ResultsTableProps {
  items: readonly OutSearchResultItem[];
  events: boolean;
  sort: readonly SortEntry[];
  onSort: (sort: SortEntry[]) => void;
  onExecute: (name: string) => void;
  /** The object whose execution is being started. */
  executing: string | null;
}

const executable = (type: string): boolean => Object.hasOwn(EXECUTION_TYPE_OF_OBJECT, type);

/** A column's cells: those of a wide-only column are left out below the xl breakpoint. */
const shown = (column: ResultColumn) => (column.wideOnly ? { display: { xs: "none", xl: "table-cell" } } : {});

/** The order of a column in words: "ascending", or "descending, 2 of 3" when several columns sort. */
function sortWords(sort: readonly SortEntry[], column: SearchSortColumn): string | null {
  const index = sort.findIndex((entry) => entry.column === column);
  const entry = sort[index];
  if (!entry) return null;
  const direction = entry.order === "ASC" ? "ascending" : "descending";
  return sort.length > 1 ? `${direction}, ${index + 1} of ${sort.length}` : direction;
}

function SortHeader({ column, sort, onSort }: { column: ResultColumn; sort: readonly SortEntry[]; onSort: (sort: SortEntry[]) => void }) {
  const index = sort.findIndex((entry) => entry.column === column.sort);
  const entry = sort[index];
  const words = sortWords(sort, column.sort);
  return (
    <TableCell sortDirection={entry ? (entry.order === "ASC" ? "asc" : "desc") : false} sx={{ whiteSpace: "nowrap", ...shown(column) }}>
      <Tooltip title="Click: sort by this column. Shift-click: add it to the order, or turn it round." enterDelay={800}>
        <TableSortLabel
          active={entry !== undefined}
          direction={entry?.order === "DESC" ? "desc" : "asc"}
          // The name says the order in words, for screen readers and anyone who does not read arrows.
          aria-label={words ? `${SORT_LABELS[column.sort]}, sorted ${words}` : SORT_LABELS[column.sort]}
          onClick={(event: MouseEvent) => onSort(sortByColumn(sort, column.sort, event.shiftKey))}
        >
          {SORT_LABELS[column.sort]}
          {entry && sort.length > 1 ? (
            <Box component="span" aria-hidden sx={{ ml: 0.5, fontSize: "0.75em", fontWeight: 700 }}>
              {index + 1}
            </Box>
          ) : null}
        </TableSortLabel>
      </Tooltip>
    </TableCell>
  );
}

/** One page of results; headers sort (shift-click mixes columns), names open the object, ▶ executes it. */
export function ResultsTable({ items, events, sort, onSort, onExecute, executing }: ResultsTableProps) {
  const columns = events ? [OBJECT_COLUMNS[0], ...EVENT_COLUMNS, ...OBJECT_COLUMNS.slice(1, 4)].filter((c) => c !== undefined) : OBJECT_COLUMNS;
  return (
    <TableContainer>
      <Table size="small" aria-label="Search results">
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <SortHeader key={column.sort} column={column} sort={sort} onSort={onSort} />
            ))}
            <TableCell aria-label="Actions" />
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item, index) => (
            // Calendar events share their calendar's id: the place on the page tells them apart.
            <TableRow key={`${item.id}:${item.calendar_keyword_name ?? ""}:${index}`} hover>
              {columns.map((column) => (
                <TableCell key={column.sort} sx={shown(column)}>
                  {column.cell(item)}
                </TableCell>
              ))}
              <TableCell padding="checkbox">
                {executable(item.type) && !events ? (
                  <IconButton size="small" aria-label={`Execute ${item.name}`} loading={executing === item.name} onClick={() => onExecute(item.name)}>
                    <PlayArrow fontSize="small" />
                  </IconButton>
                ) : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
