import { useState, type FormEvent } from "react";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import type { OutForecast } from "@baton/contract";
import { ErrorAlert } from "../../../components/error-alert";
import { useRenameForecast } from "../api/rename-forecast";

/** Changes a forecast's title; the server's refusal stays in the dialog. Mount it only while open, so it starts from the current title. */
export function RenameForecastDialog({ forecast, onClose }: { forecast: Pick<OutForecast, "id" | "title">; onClose: () => void }) {
  const [title, setTitle] = useState(forecast.title);
  const rename = useRenameForecast();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    rename.mutate({ id: forecast.id, title: title.trim() }, { onSuccess: onClose });
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="rename-forecast-title" fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="rename-forecast-title">Rename forecast {forecast.id}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField label="Title" autoFocus value={title} onChange={(e) => setTitle(e.target.value)} slotProps={{ htmlInput: { maxLength: 255 } }} />
            {rename.error ? <ErrorAlert error={rename.error} context="The title was not changed" /> : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" loading={rename.isPending}>
            Rename
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
