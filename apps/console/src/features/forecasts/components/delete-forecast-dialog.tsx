import { useState } from "react";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import type { OutForecast } from "@baton/contract";
import { ErrorAlert } from "../../../components/error-alert";
import { useDeleteForecasts } from "../api/delete-forecasts";

interface DeleteForecastDialogProps {
  forecast: Pick<OutForecast, "id" | "title">;
  onClose: () => void;
  /** Called once the forecast is gone. */
  onDeleted?: () => void;
}

/**
 * Asks before deleting. The server keeps a forecast that is still being calculated and says so;
 * the dialog then offers to delete it anyway (force), which drops its calculation.
 */
export function DeleteForecastDialog({ forecast, onClose, onDeleted }: DeleteForecastDialogProps) {
  const remove = useDeleteForecasts();
  const [kept, setKept] = useState(false);
  const send = (force: boolean) =>
    remove.mutate(
      { ids: [forecast.id], force },
      {
        onSuccess: ({ ids }) => {
          if (ids.includes(forecast.id)) {
            setKept(true);
            return;
          }
          onClose();
          onDeleted?.();
        },
      },
    );
  return (
    <Dialog open onClose={onClose} aria-labelledby="delete-forecast-title" fullWidth maxWidth="xs">
      <DialogTitle id="delete-forecast-title">Delete forecast {forecast.id}?</DialogTitle>
      <DialogContent>
        <DialogContentText>“{forecast.title}” and its entries are deleted. This cannot be undone.</DialogContentText>
        {kept ? (
          <Alert severity="warning" sx={{ mt: 2 }}>
            The forecast is still being calculated, so the server kept it. Delete it anyway to stop its calculation.
          </Alert>
        ) : null}
        {remove.error ? <ErrorAlert error={remove.error} context="The forecast was not deleted" /> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Keep it</Button>
        <Button color="error" variant="contained" loading={remove.isPending} onClick={() => send(kept)}>
          {kept ? "Delete anyway" : "Delete"}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
