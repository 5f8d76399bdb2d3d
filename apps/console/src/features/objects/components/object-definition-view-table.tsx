import { useRef } from "react";
import { Link as RouterLink } from "react-router";
import { useVirtualizer } from "@tanstack/react-virtual";
import Link from "@mui/material/Link";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import type { DefinitionSection } from "./object-definition-view-fields";

const ROW_HEIGHT = 37;
const HEADER_HEIGHT = 39;

export function ObjectLink({ name }: { name: string }) {
  return (
    <Link component={RouterLink} to={`/objects/${encodeURIComponent(name)}`}>
      {name}
    </Link>
  );
}

/**
 * A table of a definition (workflow tasks, values, elements ...). Rows have one height (a long
 * cell is cut, its whole text in its tooltip), so a workflow of 10,000 tasks or a variable of
 * as many values renders only the rows in view.
 */
export function DefinitionTable({ section }: { section: Extract<DefinitionSection, { kind: "table" }> }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const { rows, columns } = section;
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 12 });
  if (rows.length === 0) return <Typography color="text.secondary">None.</Typography>;
  const items = virtualizer.getVirtualItems();
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = Math.max(0, virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0));
  const spacer = (height: number) =>
    height > 0 ? (
      <TableRow aria-hidden sx={{ height }}>
        <TableCell colSpan={columns.length} sx={{ p: 0, border: 0 }} />
      </TableRow>
    ) : null;
  const cellSx = { whiteSpace: "nowrap", overflow: "hidden", textOverflow: "ellipsis", maxWidth: 480 } as const;
  return (
    <TableContainer ref={scrollRef} sx={{ maxHeight: `min(60vh, ${rows.length * ROW_HEIGHT + HEADER_HEIGHT + 2}px)`, overflow: "auto", border: 1, borderColor: "divider", borderRadius: 1 }}>
      <Table size="small" stickyHeader aria-label={section.title} aria-rowcount={rows.length + 1}>
        <TableHead>
          <TableRow sx={{ height: HEADER_HEIGHT }}>
            {columns.map((column) => (
              <TableCell key={column.label}>{column.label}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {spacer(paddingTop)}
          {items.map((virtual) => (
            <TableRow key={virtual.index} sx={{ height: ROW_HEIGHT }} aria-rowindex={virtual.index + 2}>
              {(rows[virtual.index] ?? []).map((cell, column) => (
                <TableCell key={column} sx={cellSx} title={cell.length > 40 ? cell : undefined}>
                  {columns[column]?.objects && cell !== "—" ? <ObjectLink name={cell} /> : cell}
                </TableCell>
              ))}
            </TableRow>
          ))}
          {spacer(paddingBottom)}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
