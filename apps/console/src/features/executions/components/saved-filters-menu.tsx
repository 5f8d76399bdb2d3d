import { useId, useState, type FormEvent } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Divider from "@mui/material/Divider";
import IconButton from "@mui/material/IconButton";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import BookmarkBorder from "@mui/icons-material/BookmarkBorder";
import DeleteOutline from "@mui/icons-material/DeleteOutline";
import ArrowDropDown from "@mui/icons-material/ArrowDropDown";
import { useCurrentSession } from "../../../lib/session-context";
import { useStoredValue, userStorageKey } from "../../../lib/stored-value";
import { monospace } from "../../../lib/theme";
import { SAVED_FILTERS_PURPOSE, hasSavedFilter, parseSavedFilters, withSavedFilter, withoutSavedFilter, type SavedFilter } from "./saved-filters";

interface SavedFiltersMenuProps {
  /** The current filter as the page's query, e.g. `name=NIGHTLY.*`. */
  currentSearch: string;
  onApply: (search: string) => void;
}

const STORAGE_FAILED = "The browser did not keep it (storage full or turned off).";

/** Named filters of this user in this client, kept in the browser: apply, save the current one, delete. */
export function SavedFiltersMenu({ currentSearch, onApply }: SavedFiltersMenuProps) {
  const session = useCurrentSession();
  const [saved, setSaved] = useStoredValue(userStorageKey(SAVED_FILTERS_PURPOSE, session), parseSavedFilters);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<"save" | "manage" | null>(null);
  const [failed, setFailed] = useState(false);
  const menuId = useId();

  const store = (next: SavedFilter[]) => {
    const ok = setSaved(next);
    setFailed(!ok);
    return ok;
  };
  const open = (which: "save" | "manage") => {
    setAnchor(null);
    setFailed(false);
    setDialog(which);
  };

  return (
    <>
      <Button
        startIcon={<BookmarkBorder />}
        endIcon={<ArrowDropDown />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ mt: 0.25 }}
      >
        Saved filters
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {saved.length === 0 ? (
          <MenuItem disabled>No saved filters yet</MenuItem>
        ) : (
          saved.map((filter) => (
            <MenuItem
              key={filter.name}
              selected={filter.search === currentSearch}
              onClick={() => {
                setAnchor(null);
                onApply(filter.search);
              }}
            >
              {filter.name}
            </MenuItem>
          ))
        )}
        <Divider />
        <MenuItem disabled={currentSearch === ""} onClick={() => open("save")}>
          Save current filter…
        </MenuItem>
        <MenuItem disabled={saved.length === 0} onClick={() => open("manage")}>
          Delete saved filters…
        </MenuItem>
      </Menu>
      <SaveFilterDialog
        open={dialog === "save"}
        saved={saved}
        failed={failed}
        onClose={() => setDialog(null)}
        onSave={(name) => {
          if (store(withSavedFilter(saved, name, currentSearch))) setDialog(null);
        }}
      />
      <ManageFiltersDialog open={dialog === "manage"} saved={saved} failed={failed} onClose={() => setDialog(null)} onDelete={(name) => store(withoutSavedFilter(saved, name))} />
    </>
  );
}

interface SaveFilterDialogProps {
  open: boolean;
  saved: readonly SavedFilter[];
  failed: boolean;
  onClose: () => void;
  onSave: (name: string) => void;
}

function SaveFilterDialog({ open, saved, failed, onClose, onSave }: SaveFilterDialogProps) {
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

function ManageFiltersDialog({ open, saved, failed, onClose, onDelete }: ManageFiltersDialogProps) {
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
