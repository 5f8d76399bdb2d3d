import { useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { displayFolder } from "../api/folder-path";
import { ImportZone } from "./import-zone";
import { ImportPreview } from "./import-preview";
import { ImportProgress } from "./import-progress";
import { ImportProblems } from "./import-problems";
import { ImportFailure, ImportResults } from "./import-results";
import { useFolderImport } from "./use-folder-import";

/** Import into the folder on screen: drop, preview, one all-or-nothing request, results. */
export function ImportPanel({ folder }: { folder: string }) {
  const { state, drop, confirm, reset } = useFolderImport();
  const [skipped, setSkipped] = useState<string[]>([]);
  const busy = state.phase === "reading" || state.phase === "checking" || state.phase === "importing";
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="import-heading">
      <Typography variant="h2" id="import-heading" sx={{ mb: 1.5 }}>
        Import into {displayFolder(folder)}
      </Typography>
      <ImportZone
        target={displayFolder(folder)}
        disabled={busy}
        onFiles={(files) => {
          setSkipped([]);
          void drop(files, folder);
        }}
        onRejected={(rejections) => setSkipped(rejections.map((r) => r.file.name))}
      />
      <ImportProblems title="Skipped: not .json files" items={skipped} hint="Only JSON exports are imported; the other files were left out." />
      <ImportProgress state={state} />
      {state.phase === "preview" ? <ImportPreview folder={state.folder} plan={state.plan} rows={state.rows} counts={state.counts} onImport={confirm} onCancel={reset} /> : null}
      {state.phase === "failed" ? (
        <Box sx={{ mt: 2 }}>
          <ImportFailure error={state.error} plan={state.plan} />
          <ImportPreview folder={state.folder} plan={state.plan} rows={state.rows} counts={state.counts} onImport={confirm} onCancel={reset} />
        </Box>
      ) : null}
      {state.phase === "imported" ? <ImportResults result={state.result} plan={state.plan} onDone={reset} /> : null}
      {state.phase === "idle" && skipped.length > 0 ? (
        <Button size="small" onClick={() => setSkipped([])}>
          Clear
        </Button>
      ) : null}
    </Paper>
  );
}
