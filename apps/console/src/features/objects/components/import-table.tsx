import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router";
import Link from "@mui/material/Link";
import Box from "@mui/material/Box";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { SegmentedText } from "../../../components/segmented-text";
import { displayFolder } from "../api/folder-path";
import type { PreviewRow } from "../api/import-outcome";

/** Rows listed at most; the counts above speak for all of them. */
export const SHOWN_ROWS = 300;

export interface ImportTableRow {
  row: PreviewRow;
  /** Cells after Name, Type and Folder, one per extra header. */
  cells: ReactNode[];
  /** Link the name to the object (once it exists). */
  linked?: boolean;
}

/**
 * The objects of a drop, one row each (its accessible name: the object and its file), with the
 * caller's columns; the list scrolls inside itself under a header that stays, so the page keeps its
 * actions in view. An existing object the import takes out of its folder says from where (`done`:
 * the import has run, so it moved rather than moves).
 */
export function ImportTable({ label, headers, rows, done = false }: { label: string; headers: readonly string[]; rows: readonly ImportTableRow[]; done?: boolean }) {
  return (
    <>
      <Box sx={{ maxHeight: "60vh", overflow: "auto", border: 1, borderColor: "divider", borderRadius: 1 }}>
        <Table size="small" stickyHeader aria-label={label} sx={{ "& td": { verticalAlign: "top" } }}>
          <TableHead>
            <TableRow>
              <TableCell>Object and file</TableCell>
              <TableCell>Type</TableCell>
              <TableCell>Folder</TableCell>
              {headers.map((header) => (
                <TableCell key={header}>{header}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.slice(0, SHOWN_ROWS).map(({ row, cells, linked }, index) => (
              <TableRow key={`${row.entry ?? "file"}:${row.source}:${index}`} aria-label={`${row.name || row.source}, ${row.source}`}>
                <TableCell sx={{ wordBreak: "break-all", minWidth: 200 }}>
                  <Box sx={{ fontWeight: 600 }}>
                    {linked && row.name !== "" && row.type !== "FOLD" ? (
                      <Link component={RouterLink} to={`/objects/${encodeURIComponent(row.name)}`}>
                        {row.name}
                      </Link>
                    ) : (
                      row.name || "—"
                    )}
                  </Box>
                  <Typography variant="caption" color="text.secondary">
                    {row.source}
                  </Typography>
                </TableCell>
                <TableCell>{row.type || "—"}</TableCell>
                <TableCell>
                  {row.entry === undefined ? "—" : <SegmentedText text={displayFolder(row.folder)} separator={"\\"} />}
                  {row.movedFrom === undefined ? null : (
                    <Typography variant="caption" color="warning.main" sx={{ display: "block", fontWeight: 600 }}>
                      {done ? "moved" : "moves"} from <SegmentedText text={displayFolder(row.movedFrom)} separator={"\\"} />
                    </Typography>
                  )}
                </TableCell>
                {cells.map((cell, at) => (
                  <TableCell key={headers[at]}>{cell}</TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {rows.length > SHOWN_ROWS ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          The first {SHOWN_ROWS} of {rows.length} objects are listed.
        </Typography>
      ) : null}
    </>
  );
}

/** The reasons of a row, one per line. */
export function Reasons({ reasons }: { reasons: readonly string[] }) {
  if (reasons.length === 0) return null;
  return (
    <Typography component="div" variant="body2" sx={{ wordBreak: "break-word" }}>
      {reasons.map((reason, index) => (
        <div key={index}>{reason}</div>
      ))}
    </Typography>
  );
}
