import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import SearchIcon from "@mui/icons-material/Search";
import { SHORTCUT_KEYS, shortcutText, useQuickOpenShortcut } from "./quick-open-shortcut";

// The dialog and its look-ups are not part of the first page: they load once the page is idle, so
// that what is typed right after the first Ctrl-K reaches the dialog's field.
const loadDialog = () => import("./quick-open-dialog");
const QuickOpenDialog = lazy(async () => ({ default: (await loadDialog()).QuickOpenDialog }));

/** Loads the dialog's code when the browser has nothing else to do (at the latest after 3 s). */
function usePreloadWhenIdle(): void {
  useEffect(() => {
    const preload = () => void loadDialog();
    if (typeof window.requestIdleCallback === "function") {
      const id = window.requestIdleCallback(preload, { timeout: 3000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = window.setTimeout(preload, 1000);
    return () => window.clearTimeout(timer);
  }, []);
}

/** The app bar's "Jump to…" button with its shortcut, and the quick-open dialog it and Ctrl-K / Cmd-K open. */
export function QuickOpen() {
  const [open, setOpen] = useState(false);
  const show = useCallback(() => setOpen(true), []);
  const hide = useCallback(() => setOpen(false), []);
  useQuickOpenShortcut(show);
  usePreloadWhenIdle();
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
