import { Link as RouterLink } from "react-router";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import type { MergePreviewChange, OutMergePreviewEntry, OutRepositoryMergePreview } from "@baton/contract";
import { reviewHref, type ReviewSource } from "../api/review-source";
import { MERGE_CHANGE_WORDS } from "./merge-counts";

const COLOURS = { added: "success", modified: "info", deleted: "error", both: "secondary", conflict: "warning" } as const;

/** How the merge changes an object, in words (the colour only repeats them). */
function MergeChangeLabel({ change }: { change: MergePreviewChange }) {
  return <Chip size="small" variant={change === "conflict" ? "filled" : "outlined"} color={COLOURS[change]} label={MERGE_CHANGE_WORDS[change]} />;
}

/** A conflict is reviewed three ways; any other change as the merged branch made it since the merge base. */
function reviewOf(preview: OutRepositoryMergePreview, entry: OutMergePreviewEntry): ReviewSource {
  if (entry.change === "conflict" || entry.change === "both") return { kind: "merge", branch: preview.branch_name, path: entry.path };
  return { kind: "refs", ours: preview.base_commit ?? preview.head_commit, theirs: preview.branch_name, pathOurs: entry.path, pathTheirs: entry.path };
}

/** The objects a merge brings into the active branch: name, type, file, how, and a link to the diff. */
export function MergePreviewTable({ preview }: { preview: OutRepositoryMergePreview }) {
  return (
    <Table size="small" aria-label={`What merging ${preview.branch_name} brings into ${preview.active_branch}`}>
      <TableHead>
        <TableRow>
          <TableCell>Object</TableCell>
          <TableCell>Type</TableCell>
          <TableCell>File</TableCell>
          <TableCell>Change</TableCell>
          <TableCell align="right">Diff</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {preview.data.map((entry) => (
          <TableRow key={entry.path} hover>
            <TableCell sx={{ fontWeight: 500, wordBreak: "break-all" }}>{entry.name}</TableCell>
            <TableCell>{entry.type}</TableCell>
            <TableCell sx={{ wordBreak: "break-all", color: "text.secondary" }}>{entry.path}</TableCell>
            <TableCell>
              <MergeChangeLabel change={entry.change} />
            </TableCell>
            <TableCell align="right">
              <Button size="small" component={RouterLink} to={reviewHref(reviewOf(preview, entry))} aria-label={`Review ${entry.name}`}>
                {entry.change === "conflict" || entry.change === "both" ? "Three-way" : "Review"}
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
