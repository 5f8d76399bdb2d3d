import { lazy, Suspense, useCallback, useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import SearchIcon from "@mui/icons-material/Search";
import { SHORTCUT_KEYS, shortcutText, useQuickOpenShortcut } from "./quick-open-shortcut";

// The dialog and its look-ups load when it is first opened: the first page does not carry them.
const QuickOpenDialog = lazy(async () => ({ default: (await import("./quick-open-dialog")).QuickOpenDialog }));

/** The app bar's "Jump to…" button with its shortcut, and the quick-open dialog it and Ctrl-K / Cmd-K open. */
export function QuickOpen() {
  const [open, setOpen] = useState(false);
  const show = useCallback(() => setOpen(true), []);
  const hide = useCallback(() => setOpen(false), []);
  useQuickOpenShortcut(show);
  return (
    <>
      <Button
        color="inherit"
        variant="outlined"
        size="small"
        startIcon={<SearchIcon />}
        onClick={show}
        aria-keyshortcuts={SHORTCUT_KEYS}
        sx={{ textTransform: "none", borderColor: "rgba(255,255,255,0.5)", minWidth: { xs: 0, sm: 220 }, justifyContent: "flex-start" }}
      >
        <Box component="span" sx={{ flex: 1, textAlign: "left", mr: 1 }}>
          Jump to…
        </Box>
        <Box component="kbd" sx={{ fontFamily: "inherit", fontSize: "0.75rem", px: 0.75, py: 0.125, border: 1, borderColor: "rgba(255,255,255,0.5)", borderRadius: 1 }}>
          {shortcutText()}
        </Box>
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <QuickOpenDialog onClose={hide} />
        </Suspense>
      ) : null}
    </>
  );
}
