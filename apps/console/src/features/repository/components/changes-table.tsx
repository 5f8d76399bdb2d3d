import { Link as RouterLink } from "react-router";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import type { OutRepositoryChange } from "@baton/contract";
import { reviewHref, type ReviewSource } from "../api/review-source";
import { ChangeLabel } from "./change-label";

interface Selection {
  /** Object names. */
  selected: ReadonlySet<string>;
  onChange: (selected: Set<string>) => void;
}

interface ChangesTableProps {
  changes: readonly OutRepositoryChange[];
  label: string;
  /** Where each row's "Review" leads. */
  reviewOf: (change: OutRepositoryChange) => ReviewSource;
  /** Checkboxes per row and for all rows, when given. */
  selection?: Selection;
}

/** Changed objects (uncommitted, or between two refs): name, type, file, how, and a link to the diff. */
export function ChangesTable({ changes, label, reviewOf, selection }: ChangesTableProps) {
  const all = selection !== undefined && changes.length > 0 && changes.every((c) => selection.selected.has(c.name));
  const some = selection !== undefined && changes.some((c) => selection.selected.has(c.name));
  const toggle = (name: string, on: boolean) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (on) next.add(name);
    else next.delete(name);
    selection.onChange(next);
  };
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          {selection ? (
            <TableCell padding="checkbox">
              <Checkbox
                checked={all}
                indeterminate={some && !all}
                onChange={(e) => selection.onChange(new Set(e.target.checked ? changes.map((c) => c.name) : []))}
                slotProps={{ input: { "aria-label": "Select all changes" } }}
              />
            </TableCell>
          ) : null}
          <TableCell>Object</TableCell>
          <TableCell>Type</TableCell>
          <TableCell>File</TableCell>
          <TableCell>Change</TableCell>
          <TableCell align="right">Diff</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {changes.map((change) => (
          <TableRow key={change.path} hover>
            {selection ? (
              <TableCell padding="checkbox">
                <Checkbox
                  checked={selection.selected.has(change.name)}
                  onChange={(e) => toggle(change.name, e.target.checked)}
                  slotProps={{ input: { "aria-label": `Select ${change.name}` } }}
                />
              </TableCell>
            ) : null}
            <TableCell sx={{ fontWeight: 500, wordBreak: "break-all" }}>{change.name}</TableCell>
            <TableCell>{change.type}</TableCell>
            <TableCell sx={{ wordBreak: "break-all", color: "text.secondary" }}>{change.path}</TableCell>
            <TableCell>
              <ChangeLabel change={change.change} />
            </TableCell>
            <TableCell align="right">
              <Button size="small" component={RouterLink} to={reviewHref(reviewOf(change))} aria-label={`Review ${change.name}`}>
                Review
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
