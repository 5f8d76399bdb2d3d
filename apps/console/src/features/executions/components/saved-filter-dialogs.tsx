import { useState, type FormEvent } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import IconButton from "@mui/material/IconButton";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import TextField from "@mui/material/TextField";
import DeleteOutline from "@mui/icons-material/DeleteOutline";
import { monospace } from "../../../lib/theme";
import { hasSavedFilter, type SavedFilter } from "./saved-filters";

const STORAGE_FAILED = "The browser did not keep it (storage full or turned off).";

interface SaveFilterDialogProps {
  open: boolean;
  saved: readonly SavedFilter[];
  failed: boolean;
  onClose: () => void;
  onSave: (name: string) => void;
}

/** Names the current filter and keeps it; a name already saved is replaced. */
export function SaveFilterDialog({ open, saved, failed, onClose, onSave }: SaveFilterDialogProps) {
  const [name, setName] = useState("");
  const replaces = hasSavedFilter(saved, name);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() !== "") onSave(name);
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="save-filter-title" slotProps={{ transition: { onEnter: () => setName("") } }}>
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id="save-filter-title">Save the current filter</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            label="Filter name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            helperText={replaces ? "Replaces the saved filter of this name." : "Only you see it, in this browser and this client."}
            fullWidth
            size="small"
            sx={{ mt: 1 }}
            slotProps={{ htmlInput: { maxLength: 80 } }}
          />
          {failed ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {STORAGE_FAILED}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Close</Button>
          <Button type="submit" variant="contained" disabled={name.trim() === ""}>
            {replaces ? "Replace" : "Save"}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** `name=A*&commented_only=true` → `name=A*  ·  commented_only`, for reading, not for parsing. */
function describeSearch(search: string): string {
  return [...new URLSearchParams(search)].map(([key, value]) => (value === "true" ? key : `${key}=${value}`)).join("  ·  ");
}

interface ManageFiltersDialogProps {
  open: boolean;
  saved: readonly SavedFilter[];
  failed: boolean;
  onClose: () => void;
  onDelete: (name: string) => void;
}

/** The saved filters, each with a button to delete it. */
export function ManageFiltersDialog({ open, saved, failed, onClose, onDelete }: ManageFiltersDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="manage-filters-title" fullWidth maxWidth="sm">
      <DialogTitle id="manage-filters-title">Saved filters</DialogTitle>
      <DialogContent>
        {saved.length === 0 ? <Box sx={{ color: "text.secondary" }}>No saved filters left.</Box> : null}
        <List dense aria-label="Saved filters">
          {saved.map((filter) => (
            <ListItem
              key={filter.name}
              secondaryAction={
                <IconButton edge="end" aria-label={`Delete saved filter ${filter.name}`} onClick={() => onDelete(filter.name)}>
                  <DeleteOutline />
                </IconButton>
              }
            >
              <ListItemText
                primary={filter.name}
                secondary={describeSearch(filter.search)}
                slotProps={{ secondary: { sx: { fontFamily: monospace, wordBreak: "break-all" } } }}
              />
            </ListItem>
          ))}
        </List>
        {failed ? <Alert severity="error">{STORAGE_FAILED}</Alert> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
