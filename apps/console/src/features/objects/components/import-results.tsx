import { Link as RouterLink } from "react-router";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import CircularProgress from "@mui/material/CircularProgress";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import CheckCircle from "@mui/icons-material/CheckCircle";
import ErrorOutline from "@mui/icons-material/ErrorOutline";
import Replay from "@mui/icons-material/Replay";
import { ErrorCode } from "@baton/contract";
import { ErrorAlert } from "../../../components/error-alert";
import { isApiError } from "../../../lib/api-client";
import { isExecutable } from "../api/object-file";
import { ExecuteButton } from "./execute-button";
import type { ImportEntry } from "./use-import-queue";

function importHint(error: unknown): string | undefined {
  if (isApiError(error, 409) || (isApiError(error) && error.hasCode(ErrorCode.OBJECT_EXISTS))) {
    return "An object with this name exists. Tick “Overwrite existing objects” and import again.";
  }
  if (isApiError(error, 400)) return "Fix the object definition in the file, then drop it again.";
  return undefined;
}

function StateLine({ entry }: { entry: ImportEntry }) {
  switch (entry.state) {
    case "reading":
    case "importing":
      return (
        <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
          <CircularProgress size={16} aria-hidden />
          <Typography variant="body2">{entry.state === "reading" ? "Reading…" : "Importing…"}</Typography>
        </Box>
      );
    case "imported":
      return (
        <Box sx={{ display: "flex", alignItems: "center", gap: 1, color: "success.main" }}>
          <CheckCircle fontSize="small" aria-hidden />
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            Imported
          </Typography>
        </Box>
      );
    case "failed":
    case "invalid":
      return (
        <Box sx={{ display: "flex", alignItems: "center", gap: 1, color: "error.main" }}>
          <ErrorOutline fontSize="small" aria-hidden />
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {entry.state === "invalid" ? "Not an object file" : "Import failed"}
          </Typography>
        </Box>
      );
  }
}

interface ImportResultsProps {
  entries: readonly ImportEntry[];
  onRetry: (entry: ImportEntry) => void;
}

/** One line per dropped file: its objects, whether the import worked, and what to do next. */
export function ImportResults({ entries, onRetry }: ImportResultsProps) {
  return (
    <Box component="ul" aria-label="Import results" sx={{ listStyle: "none", m: 0, p: 0, display: "grid", gap: 1.5 }}>
      {entries.map((entry) => (
        <Paper component="li" variant="outlined" key={entry.id} aria-label={`Import of ${entry.fileName}`} sx={{ p: 2 }}>
          <Box sx={{ display: "flex", gap: 2, alignItems: "flex-start", flexWrap: "wrap" }}>
            <Box sx={{ flex: "1 1 320px", minWidth: 0 }}>
              <Typography variant="body2" color="text.secondary" sx={{ wordBreak: "break-all" }}>
                {entry.fileName}
              </Typography>
              {entry.objects.map((object) => (
                <Box key={`${object.type}:${object.name}`} sx={{ display: "flex", alignItems: "center", gap: 1, mt: 0.5, flexWrap: "wrap" }}>
                  {entry.state === "imported" ? (
                    <Link component={RouterLink} to={`/objects/${encodeURIComponent(object.name)}`} sx={{ fontWeight: 600, wordBreak: "break-all" }}>
                      {object.name}
                    </Link>
                  ) : (
                    <Typography component="span" sx={{ fontWeight: 600, wordBreak: "break-all" }}>
                      {object.name}
                    </Typography>
                  )}
                  <Chip label={object.type} size="small" variant="outlined" />
                </Box>
              ))}
              <Box sx={{ mt: 1 }}>
                <StateLine entry={entry} />
              </Box>
            </Box>
            <Box sx={{ display: "flex", gap: 1, alignItems: "flex-start", flexWrap: "wrap" }}>
              {entry.state === "imported"
                ? entry.objects
                    .filter((object) => isExecutable(object.type))
                    .map((object) => <ExecuteButton key={object.name} objectName={object.name} size="small" />)
                : null}
              {entry.state === "failed" && !isApiError(entry.error, 400) ? (
                <Button size="small" startIcon={<Replay />} onClick={() => onRetry(entry)} aria-label={`Import ${entry.fileName} again`}>
                  Import again
                </Button>
              ) : null}
            </Box>
          </Box>
          {entry.state === "failed" ? (
            <Box sx={{ mt: 1.5 }}>
              <ErrorAlert error={entry.error} hint={importHint(entry.error)} dense />
            </Box>
          ) : null}
          {entry.state === "invalid" && entry.problem ? (
            <Box sx={{ mt: 1.5 }}>
              <ErrorAlert error={new Error(entry.problem.message)} hint={entry.problem.hint} dense />
            </Box>
          ) : null}
        </Paper>
      ))}
    </Box>
  );
}
