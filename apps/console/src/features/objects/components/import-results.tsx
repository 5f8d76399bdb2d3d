import { Link as RouterLink } from "react-router";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import CheckCircle from "@mui/icons-material/CheckCircle";
import type { OutFolderImport } from "@baton/contract";
import { ErrorAlert } from "../../../components/error-alert";
import { isApiError, isConflict } from "../../../lib/api-client";
import { problemsByObject, type FolderImportPlan } from "../api/folder-import-plan";
import { displayFolder } from "../api/folder-path";
import { isExecutable } from "../api/object-file";
import { ExecuteButton } from "./execute-button";
import { ImportProblems } from "./import-problems";

/** Listed one by one up to this many; the summary line counts them all. */
const SHOWN = 300;

function failureHint(error: unknown): string {
  if (isConflict(error)) return "These objects exist. Drop the files again and tick “Overwrite existing objects”. Nothing was imported.";
  if (isApiError(error, 400)) return "Fix the definitions in the files and drop them again. Nothing was imported.";
  if (isApiError(error, 403)) return "Ask an administrator for the right to write into this folder. Nothing was imported.";
  return "Nothing was imported; try again.";
}

/** Why an all-or-nothing import was refused, object by object where the server says which. */
export function ImportFailure({ error, plan }: { error: unknown; plan: FolderImportPlan }) {
  if (!isApiError(error) || error.problems.every((p) => p.path === null)) return <ErrorAlert error={error} context="The import was refused" hint={failureHint(error)} />;
  const items = problemsByObject(error.problems, plan.objects).map((p) => (p.object ? `${p.object.name} (${p.object.source}): ${p.message}` : p.message));
  return <ImportProblems title={`The import was refused (${error.status}): ${items.length} problem${items.length === 1 ? "" : "s"}`} items={items} hint={failureHint(error)} />;
}

/** Each imported object with what happened to it; the plan tells which file it came from. */
export function ImportResults({ result, plan, onDone }: { result: OutFolderImport; plan: FolderImportPlan; onDone: () => void }) {
  const sources = new Map(plan.objects.map((o) => [`${o.type}:${o.name}`, o.source]));
  return (
    <Box component="section" aria-label="Import results" sx={{ mt: 2 }}>
      <Alert
        severity="success"
        action={
          <Button color="inherit" size="small" onClick={onDone}>
            Clear results
          </Button>
        }
      >
        Imported {result.total} into {displayFolder(result.folder_path)}: {result.created} created, {result.replaced} replaced, {result.kept} folders kept
        {result.created_folders.length > 0 ? `; new folders ${result.created_folders.map(displayFolder).join(", ")}` : ""}.
      </Alert>
      <Box component="ul" aria-label="Imported objects" sx={{ listStyle: "none", m: 0, mt: 1.5, p: 0, display: "grid", gap: 1 }}>
        {result.objects.slice(0, SHOWN).map((object) => {
          const source = sources.get(`${object.type.toUpperCase()}:${object.name}`) ?? object.name;
          return (
            <Paper component="li" variant="outlined" key={`${object.type}:${object.path}:${object.name}`} aria-label={`Import of ${source}`} sx={{ p: 1.25, display: "flex", alignItems: "center", gap: 1.5, flexWrap: "wrap" }}>
              <CheckCircle fontSize="small" color="success" aria-hidden />
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                Imported
              </Typography>
              {object.type === "FOLD" ? (
                <Typography sx={{ fontWeight: 600 }}>{object.name}</Typography>
              ) : (
                <Link component={RouterLink} to={`/objects/${encodeURIComponent(object.name)}`} sx={{ fontWeight: 600, wordBreak: "break-all" }}>
                  {object.name}
                </Link>
              )}
              <Chip label={object.type} size="small" variant="outlined" />
              <Chip label={object.result} size="small" color={object.result === "replaced" ? "warning" : "default"} />
              <Typography variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 120 }}>
                {displayFolder(object.path)} · {source}
              </Typography>
              {isExecutable(object.type) ? <ExecuteButton objectName={object.name} size="small" variant="outlined" /> : null}
            </Paper>
          );
        })}
      </Box>
      {result.objects.length > SHOWN ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          The first {SHOWN} of {result.objects.length} objects are listed; the folder shows them all.
        </Typography>
      ) : null}
    </Box>
  );
}
