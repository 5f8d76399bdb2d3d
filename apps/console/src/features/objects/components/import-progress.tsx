import { counted } from "../../../lib/counted";
import Box from "@mui/material/Box";
import LinearProgress from "@mui/material/LinearProgress";
import Typography from "@mui/material/Typography";
import type { FolderImportState } from "./use-folder-import";

/** `1234567` → `1.2 MB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function percent(done: number, total: number): number {
  return total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0;
}

function Bar({ label, value, name }: { label: string; value: number | undefined; name: string }) {
  return (
    <Box sx={{ my: 1 }}>
      <Typography variant="body2" sx={{ mb: 0.5 }} role="status">
        {label}
      </Typography>
      <LinearProgress variant={value === undefined ? "indeterminate" : "determinate"} value={value} aria-label={name} />
    </Box>
  );
}

/**
 * What the import is doing: files read; the dry run's body sent, then the engine checking; during
 * the import, bytes sent and objects the engine has written (each request writes its batch).
 */
export function ImportProgress({ state }: { state: FolderImportState }) {
  if (state.phase === "reading") return <Bar label={`Reading files: ${state.done} of ${state.total}`} value={percent(state.done, state.total)} name="Reading progress" />;
  if (state.phase === "checking") {
    const entries = state.plan.entries.length;
    const sending = state.total === 0 || state.sent < state.total;
    const label = sending ? `Sending ${entries} objects for a dry run: ${formatBytes(state.sent)} of ${formatBytes(state.total)}` : `Checking ${entries} objects as the import would (nothing is written)…`;
    return <Bar label={label} value={sending ? percent(state.sent, state.total) : undefined} name="Dry run progress" />;
  }
  if (state.phase !== "importing") return null;
  const { sent, total, written, toWrite } = state.progress;
  return (
    <Box sx={{ my: 2 }}>
      <Bar label={`Sent ${formatBytes(sent)} of ${formatBytes(total)}`} value={percent(sent, total)} name="Bytes sent" />
      <Bar
        label={`Written ${written} of ${counted(toWrite, "object")}${state.mode === "all-or-nothing" ? " (one transaction: all at once when it commits)" : ""}`}
        value={percent(written, toWrite)}
        name="Objects written"
      />
    </Box>
  );
}
