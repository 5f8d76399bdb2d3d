import { useState, type FormEvent } from "react";
import { useNavigate, useSearchParams } from "react-router";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import Download from "@mui/icons-material/Download";
import { OBJECT_NAME_PATTERN } from "@baton/contract";
import { ErrorAlert } from "../../../components/error-alert";
import { PageHeader } from "../../../components/page-header";
import { useExportFolder } from "../api/export-folder";
import { displayFolder, normaliseFolder } from "../api/folder-path";
import { FolderContents } from "./folder-contents";
import { FolderTree } from "./folder-tree";
import { ImportPanel } from "./import-panel";

function OpenObjectForm() {
  const navigate = useNavigate();
  const [name, setName] = useState("");
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = name.trim().toUpperCase();
    if (!OBJECT_NAME_PATTERN.test(value)) {
      setInvalid(true);
      return;
    }
    void navigate(`/objects/${encodeURIComponent(value)}`);
  };
  return (
    <Box component="form" onSubmit={submit} aria-label="Open an object" sx={{ display: "flex", gap: 1, alignItems: "flex-start" }}>
      <TextField
        label="Object name"
        size="small"
        value={name}
        onChange={(e) => {
          setName(e.target.value.toUpperCase());
          setInvalid(false);
        }}
        error={invalid}
        helperText={invalid ? "Use A-Z 0-9 . _ $ @ # - (at most 200 characters)." : undefined}
        sx={{ minWidth: 240 }}
      />
      <Button type="submit" variant="outlined" sx={{ mt: 0.25 }}>
        Open
      </Button>
    </Box>
  );
}

function ExportFolderButton({ folder }: { folder: string }) {
  const exportFolder = useExportFolder();
  return (
    <Box sx={{ display: "grid", gap: 1, justifyItems: "end" }}>
      <Button startIcon={<Download />} variant="outlined" loading={exportFolder.isPending} loadingPosition="start" onClick={() => exportFolder.mutate(folder)}>
        Export folder
      </Button>
      {exportFolder.isError ? <ErrorAlert error={exportFolder.error} context={`Could not export ${displayFolder(folder)}`} dense /> : null}
      {exportFolder.isSuccess && (exportFolder.data.warnings?.access_denied.length ?? 0) > 0 ? (
        <Typography variant="body2" color="warning.main">
          Left out (no read right): {exportFolder.data.warnings?.access_denied.join(", ")}
        </Typography>
      ) : null}
    </Box>
  );
}

/** `/objects?folder=OPS/NIGHTLY`: the folder tree, the folder's contents, export and import into it. */
export function ObjectsPage() {
  const [params, setParams] = useSearchParams();
  const folder = normaliseFolder(params.get("folder") ?? "");
  const select = (next: string) => setParams(next === "" ? {} : { folder: next });
  return (
    <>
      <title>{`Objects ${displayFolder(folder)} · Baton`}</title>
      <PageHeader title="Objects" subtitle="Browse folders, open, import and export object definitions." actions={<OpenObjectForm />} />
      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", md: "260px minmax(0, 1fr)" }, gap: 2, mb: 2, alignItems: "start" }}>
        <Paper variant="outlined" sx={{ p: 1, maxHeight: "70vh", overflow: "auto" }} component="section" aria-label="Folder tree">
          <FolderTree selected={folder} onSelect={select} />
        </Paper>
        <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} component="section" aria-labelledby="folder-heading">
          <Box sx={{ display: "flex", alignItems: "flex-start", gap: 2, mb: 1.5 }}>
            <Typography variant="h2" id="folder-heading" sx={{ flex: 1, wordBreak: "break-all" }}>
              {displayFolder(folder)}
            </Typography>
            <ExportFolderButton folder={folder} />
          </Box>
          <FolderContents folder={folder} />
        </Paper>
      </Box>
      <ImportPanel folder={folder} />
    </>
  );
}
