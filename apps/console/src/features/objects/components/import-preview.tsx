import { useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Chip, { type ChipProps } from "@mui/material/Chip";
import FormControlLabel from "@mui/material/FormControlLabel";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import type { FolderImportPlan, PreviewAction, PreviewCounts, PreviewRow } from "../api/folder-import-plan";
import { displayFolder, joinFolder } from "../api/folder-path";
import { ImportProblems } from "./import-problems";

const ACTION: Record<PreviewAction, { label: string; color: ChipProps["color"] }> = {
  create: { label: "new", color: "success" },
  replace: { label: "replaces existing", color: "warning" },
  conflict: { label: "exists as another type", color: "error" },
  folder: { label: "folder (merged)", color: "default" },
};

/** Rows listed; the counts above speak for all of them. */
const SHOWN_ROWS = 300;

export function countsText(counts: PreviewCounts): string {
  const parts = [`${counts.create} new`, `${counts.replace} existing`];
  if (counts.conflict > 0) parts.push(`${counts.conflict} of another type`);
  if (counts.folder > 0) parts.push(`${counts.folder} folders`);
  return parts.join(", ");
}

interface ImportPreviewProps {
  folder: string;
  plan: FolderImportPlan;
  rows: readonly PreviewRow[];
  counts: PreviewCounts;
  onImport: (overwrite: boolean) => void;
  onCancel: () => void;
}

/** What the import would do, object by object, before anything is written. */
export function ImportPreview({ folder, plan, rows, counts, onImport, onCancel }: ImportPreviewProps) {
  const [overwrite, setOverwrite] = useState(false);
  const blocked = plan.problems.length > 0 || counts.conflict > 0 || rows.length === 0;
  const needsOverwrite = counts.replace > 0 && !overwrite;
  return (
    <Box component="section" aria-label="Import preview" sx={{ mt: 2 }}>
      <Typography variant="h3" sx={{ mb: 1 }}>
        Import into {displayFolder(folder)}: {rows.length} objects ({countsText(counts)})
      </Typography>
      <ImportProblems title="These files cannot be imported" items={plan.problems.map((p) => p.message)} hint="Fix or remove them and drop again; nothing is imported while any is left." />
      <ImportProblems
        title="Names taken by objects of another type"
        items={rows.filter((r) => r.action === "conflict").map((r) => `${r.name} (${r.type}) exists as ${r.existing?.type ?? "?"} in ${displayFolder(r.existing?.folder ?? "")}`)}
        hint="An object is never replaced by one of another type; rename it in the file."
      />
      <Table size="small" aria-label="Objects to import">
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Type</TableCell>
            <TableCell>Folder</TableCell>
            <TableCell>Will be</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.slice(0, SHOWN_ROWS).map((row) => (
            <TableRow key={`${row.type}:${row.folder}:${row.name}`}>
              <TableCell sx={{ fontWeight: 600, wordBreak: "break-all" }}>{row.name}</TableCell>
              <TableCell>{row.type}</TableCell>
              <TableCell>{displayFolder(joinFolder(folder, row.folder))}</TableCell>
              <TableCell>
                <Chip size="small" label={ACTION[row.action].label} color={ACTION[row.action].color} variant="outlined" />
                {row.action === "replace" && row.existing && row.existing.folder !== joinFolder(folder, row.folder) ? (
                  <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                    now in {displayFolder(row.existing.folder)}
                  </Typography>
                ) : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {rows.length > SHOWN_ROWS ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          The first {SHOWN_ROWS} of {rows.length} objects are listed.
        </Typography>
      ) : null}
      <Box sx={{ display: "flex", alignItems: "center", gap: 2, mt: 1.5, flexWrap: "wrap" }}>
        <FormControlLabel control={<Checkbox checked={overwrite} onChange={(e) => setOverwrite(e.target.checked)} />} label={`Overwrite existing objects${counts.replace > 0 ? ` (${counts.replace})` : ""}`} />
        <Button variant="contained" disabled={blocked || needsOverwrite} onClick={() => onImport(overwrite)}>
          Import {rows.length} objects
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
        {needsOverwrite && !blocked ? (
          <Typography variant="body2" color="text.secondary">
            {counts.replace} objects exist: tick “Overwrite existing objects” to replace them. Nothing is imported unless all can be.
          </Typography>
        ) : null}
      </Box>
    </Box>
  );
}
