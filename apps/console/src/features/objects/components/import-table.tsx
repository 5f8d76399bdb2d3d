import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router";
import Link from "@mui/material/Link";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
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

/** The objects of a drop, one row each (named by its file, for the row's accessible name), with the caller's columns. */
export function ImportTable({ label, headers, rows }: { label: string; headers: readonly string[]; rows: readonly ImportTableRow[] }) {
  return (
    <>
      <Table size="small" aria-label={label} sx={{ "& td": { verticalAlign: "top" } }}>
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Type</TableCell>
            <TableCell>Folder</TableCell>
            {headers.map((header) => (
              <TableCell key={header}>{header}</TableCell>
            ))}
            <TableCell>File</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.slice(0, SHOWN_ROWS).map(({ row, cells, linked }, index) => (
            <TableRow key={`${row.entry ?? "file"}:${row.source}:${index}`} aria-label={`${row.name || row.source}, ${row.source}`}>
              <TableCell sx={{ fontWeight: 600, wordBreak: "break-all" }}>
                {linked && row.name !== "" && row.type !== "FOLD" ? (
                  <Link component={RouterLink} to={`/objects/${encodeURIComponent(row.name)}`}>
                    {row.name}
                  </Link>
                ) : (
                  row.name || "—"
                )}
              </TableCell>
              <TableCell>{row.type || "—"}</TableCell>
              <TableCell>{row.entry === undefined ? "—" : displayFolder(row.folder)}</TableCell>
              {cells.map((cell, at) => (
                <TableCell key={headers[at]}>{cell}</TableCell>
              ))}
              <TableCell sx={{ wordBreak: "break-all", color: "text.secondary" }}>{row.source}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
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
