import { useState } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Chip, { type ChipProps } from "@mui/material/Chip";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormLabel from "@mui/material/FormLabel";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Typography from "@mui/material/Typography";
import { displayFolder } from "../api/folder-path";
import { counted } from "../../../lib/counted";
import type { ImportMode, PreviewCategory, PreviewRow } from "../api/import-outcome";
import { ImportConfirm } from "./import-confirm";
import { ImportTable, Reasons } from "./import-table";
import type { CheckedDrop } from "./use-folder-import";

const CATEGORY: Record<PreviewCategory, { label: string; color: ChipProps["color"] }> = {
  new: { label: "New", color: "success" },
  changed: { label: "Changed", color: "warning" },
  unchanged: { label: "Unchanged", color: "default" },
  invalid: { label: "Invalid", color: "error" },
};

const WILL_BE: Record<PreviewRow["result"], string> = { created: "Created", replaced: "Replaced", kept: "Kept (folder exists)", skipped: "Skipped" };

/** `40 new, 9 changed, 3 unchanged, 1 invalid`. */
export function categoriesText(counts: Record<PreviewCategory, number>): string {
  return (["new", "changed", "unchanged", "invalid"] as const).map((category) => `${counts[category]} ${category}`).join(", ");
}

interface ImportPreviewProps {
  drop: CheckedDrop;
  /** The dry run is being asked again with this overwrite choice; undefined when not. */
  rechecking: boolean | undefined;
  onOverwrite: (overwrite: boolean) => void;
  onImport: (mode: ImportMode) => void;
  onCancel: () => void;
}

/**
 * What the import would do, object by object, as the engine's dry run answered: compared with what
 * exists, and whether it would be written or skipped and why. Skipped ones are listed first.
 */
export function ImportPreview({ drop, rechecking, onOverwrite, onImport, onCancel }: ImportPreviewProps) {
  const { folder, rows, counts } = drop;
  const overwrite = rechecking ?? drop.overwrite;
  const busy = rechecking !== undefined;
  const [mode, setMode] = useState<ImportMode>(counts.toSkip > 0 ? "skip-invalid" : "all-or-nothing");
  const [confirming, setConfirming] = useState(false);
  const existing = counts.changed + counts.unchanged;
  const refusedWhole = mode === "all-or-nothing" && counts.toSkip > 0;
  const ordered = [...rows.filter((row) => row.result === "skipped"), ...rows.filter((row) => row.result !== "skipped")];
  return (
    <Box component="section" aria-label="Import preview" sx={{ mt: 2 }}>
      <Typography variant="h3" sx={{ mb: 1 }}>
        Preview of the import into {displayFolder(folder)}: {counted(rows.length, "object")} ({categoriesText(counts)})
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Checked by the engine exactly as the import will be; nothing has been written yet.
      </Typography>
      <Box sx={{ display: "flex", gap: 3, flexWrap: "wrap", alignItems: "flex-start", mb: 1.5 }}>
        <FormControlLabel
          control={<Checkbox checked={overwrite} disabled={busy} onChange={(event) => onOverwrite(event.target.checked)} />}
          label={`Overwrite existing objects (${existing})`}
        />
        <FormControl>
          <FormLabel id="import-mode-label">When objects cannot be imported</FormLabel>
          <RadioGroup row aria-labelledby="import-mode-label" value={mode} onChange={(event) => setMode(event.target.value === "all-or-nothing" ? "all-or-nothing" : "skip-invalid")}>
            <FormControlLabel value="skip-invalid" control={<Radio />} label={`Skip them, import the rest (${counts.toSkip} skipped)`} />
            <FormControlLabel value="all-or-nothing" control={<Radio />} label="All or nothing (one transaction)" />
          </RadioGroup>
        </FormControl>
      </Box>
      {refusedWhole ? (
        <Alert severity="warning" sx={{ mb: 1.5 }}>
          All or nothing: {counts.toSkip} of {counted(rows.length, "object")} cannot be imported, so nothing would be. Choose “Skip them”, tick “Overwrite” for existing objects, or fix the files and drop them again.
        </Alert>
      ) : null}
      <Box sx={{ display: "flex", gap: 1, alignItems: "center", mb: 1.5 }}>
        <Button variant="contained" disabled={busy || refusedWhole || counts.toWrite === 0} onClick={() => setConfirming(true)}>
          Import {counted(counts.toWrite, "object")}…
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
        {counts.toWrite === 0 ? (
          <Typography variant="body2" color="text.secondary">
            Nothing to import: {existing > 0 && !overwrite ? "tick “Overwrite existing objects” to replace the existing ones, or " : ""}fix the files and drop them again.
          </Typography>
        ) : null}
      </Box>
      <ImportTable
        label="Objects to import"
        headers={["Compared", "Will be", "Reason"]}
        rows={ordered.map((row) => ({
          row,
          cells: [
            <Chip key="c" size="small" variant="outlined" label={CATEGORY[row.category].label} color={CATEGORY[row.category].color} />,
            WILL_BE[row.result],
            <Reasons key="r" reasons={row.reasons} />,
          ],
        }))}
      />
      <ImportConfirm open={confirming} drop={drop} mode={mode} onCancel={() => setConfirming(false)} onConfirm={() => { setConfirming(false); onImport(mode); }} />
    </Box>
  );
}
