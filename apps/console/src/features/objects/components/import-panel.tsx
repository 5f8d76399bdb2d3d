import { useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { ErrorAlert } from "../../../components/error-alert";
import { displayFolder } from "../api/folder-path";
import { ImportZone } from "./import-zone";
import { ImportPreview } from "./import-preview";
import { ImportProgress } from "./import-progress";
import { ImportProblems } from "./import-problems";
import { ImportResults } from "./import-results";
import { useFolderImport } from "./use-folder-import";

/** Import into the folder on screen: drop, the engine's dry run as a preview, a confirmed import with progress, results. */
export function ImportPanel({ folder }: { folder: string }) {
  const { state, drop, setOverwrite, confirm, reset } = useFolderImport();
  const [skipped, setSkipped] = useState<string[]>([]);
  const busy = state.phase === "reading" || state.phase === "checking" || state.phase === "importing";
  const preview = state.phase === "preview" ? state : state.phase === "checking" ? state.previous : undefined;
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
      {preview !== undefined ? <ImportPreview key={preview.id} drop={preview} rechecking={state.phase === "checking" ? state.overwrite : undefined} onOverwrite={setOverwrite} onImport={(mode) => void confirm(mode)} onCancel={reset} /> : null}
      {state.phase === "failed" ? (
        <Box sx={{ mt: 2 }}>
          <ErrorAlert error={state.error} context="The dry run failed; nothing was imported" hint="Check the folder and your rights, then drop the files again." onRetry={reset} />
        </Box>
      ) : null}
      {state.phase === "imported" ? <ImportResults folder={state.folder} results={state.results} onDone={reset} /> : null}
      {state.phase === "idle" && skipped.length > 0 ? (
        <Button size="small" onClick={() => setSkipped([])}>
          Clear
        </Button>
      ) : null}
    </Paper>
  );
}
