import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { OBJECT_NAME_PATTERN } from "@baton/contract";
import { PageHeader } from "../../../components/page-header";
import { ImportZone } from "./import-zone";
import { ImportResults } from "./import-results";
import { useImportQueue } from "./use-import-queue";

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
    navigate(`/objects/${encodeURIComponent(value)}`);
  };
  return (
    <Box component="form" onSubmit={submit} aria-label="Open an object" sx={{ display: "flex", gap: 1, alignItems: "flex-start", flexWrap: "wrap" }}>
      <TextField
        label="Object name"
        size="small"
        value={name}
        onChange={(e) => {
          setName(e.target.value.toUpperCase());
          setInvalid(false);
        }}
        error={invalid}
        helperText={invalid ? "Use A-Z 0-9 . _ $ @ # - (at most 200 characters)." : "Open an object by its exact name"}
        sx={{ minWidth: 300 }}
      />
      <Button type="submit" variant="outlined" sx={{ mt: 0.25 }}>
        Open
      </Button>
    </Box>
  );
}

export function ObjectsPage() {
  const [overwrite, setOverwrite] = useState(false);
  const { entries, addFiles, addRejected, retry, clear } = useImportQueue();
  const done = entries.filter((e) => e.state === "imported").length;
  const failed = entries.filter((e) => e.state === "failed" || e.state === "invalid").length;

  return (
    <>
      <title>Objects · Baton</title>
      <PageHeader title="Objects" subtitle="Import object definitions, open them and execute them." />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }} component="section" aria-labelledby="open-heading">
        <Typography variant="h2" id="open-heading" sx={{ mb: 1.5 }}>
          Open
        </Typography>
        <OpenObjectForm />
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="import-heading">
        <Typography variant="h2" id="import-heading" sx={{ mb: 1.5 }}>
          Import
        </Typography>
        <ImportZone
          onFiles={(files) => addFiles(files, overwrite)}
          onRejected={(rejections) =>
            addRejected(
              rejections.map((r) => r.file.name),
              "Only .json object files can be imported.",
              "Export the object as JSON (one object per file) and drop that file.",
            )
          }
        />
        <FormControlLabel
          sx={{ mt: 1 }}
          control={<Checkbox checked={overwrite} onChange={(e) => setOverwrite(e.target.checked)} />}
          label="Overwrite existing objects"
        />
        {entries.length > 0 ? (
          <Box sx={{ mt: 2 }}>
            <Box sx={{ display: "flex", alignItems: "center", gap: 2, mb: 1.5 }}>
              <Typography variant="h3" component="h3" sx={{ flex: 1 }} role="status">
                {entries.length} file{entries.length === 1 ? "" : "s"}: {done} imported{failed > 0 ? `, ${failed} failed` : ""}
              </Typography>
              <Button size="small" onClick={clear}>
                Clear results
              </Button>
            </Box>
            <ImportResults entries={entries} onRetry={(entry) => retry(entry, overwrite)} />
          </Box>
        ) : null}
      </Paper>
    </>
  );
}
