import { Suspense, lazy, useId, useState } from "react";
import Button from "@mui/material/Button";
import Divider from "@mui/material/Divider";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import BookmarkBorder from "@mui/icons-material/BookmarkBorder";
import ArrowDropDown from "@mui/icons-material/ArrowDropDown";
import { useCurrentSession } from "../../../lib/session-context";
import { useStoredValue, userStorageKey } from "../../../lib/stored-value";
import { SAVED_FILTERS_PURPOSE, parseSavedFilters, withSavedFilter, withoutSavedFilter, type SavedFilter } from "./saved-filters";

interface SavedFiltersMenuProps {
  /** The current filter as the page's query, e.g. `name=NIGHTLY.*`. */
  currentSearch: string;
  onApply: (search: string) => void;
}

// The dialogs are opened from the menu only: their code (and MUI's Dialog) loads just after the
// page, not with it. They are rendered closed from the start, so they are there before anyone opens one.
const SaveFilterDialog = lazy(async () => ({ default: (await import("./saved-filter-dialogs")).SaveFilterDialog }));
const ManageFiltersDialog = lazy(async () => ({ default: (await import("./saved-filter-dialogs")).ManageFiltersDialog }));

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
      <Suspense fallback={null}>
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
      </Suspense>
    </>
  );
}

