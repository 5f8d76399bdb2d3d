import { useState, type FormEvent } from "react";
import Dialog from "@mui/material/Dialog";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import type { OutForecast } from "@baton/contract";
import { ErrorAlert } from "../../../components/error-alert";
import { useRenameForecast } from "../api/rename-forecast";
import { SubmitActions } from "../../../components/submit-actions";

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
        <SubmitActions onCancel={onClose} pending={rename.isPending} submitLabel="Rename" />
      </form>
    </Dialog>
  );
}
