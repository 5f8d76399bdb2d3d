import Box from "@mui/material/Box";
import LinearProgress from "@mui/material/LinearProgress";
import Typography from "@mui/material/Typography";
import type { FolderImportState } from "./use-folder-import";

const WORDS = { reading: "Reading files", checking: "Checking which objects exist" } as const;

/** Reading and checking count up file by file; the import itself is one request, so it has no count. */
export function ImportProgress({ state }: { state: FolderImportState }) {
  let label: string;
  let value: number | undefined;
  if (state.phase === "reading" || state.phase === "checking") {
    label = `${WORDS[state.phase]}: ${state.done} of ${state.total}`;
    value = state.total > 0 ? Math.round((state.done / state.total) * 100) : 0;
  } else if (state.phase === "importing") {
    label = `Importing ${state.plan.objects.length} objects in one transaction…`;
  } else {
    return null;
  }
  return (
    <Box sx={{ my: 2 }}>
      <Typography variant="body2" sx={{ mb: 0.5 }} role="status">
        {label}
      </Typography>
      <LinearProgress variant={value === undefined ? "indeterminate" : "determinate"} value={value} aria-label="Import progress" />
    </Box>
  );
}
