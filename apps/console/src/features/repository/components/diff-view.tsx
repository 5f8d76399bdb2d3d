import { useEffect, useRef, useState } from "react";
import Box from "@mui/material/Box";
import FormControlLabel from "@mui/material/FormControlLabel";
import Switch from "@mui/material/Switch";
import Typography from "@mui/material/Typography";
import { useColorScheme } from "@mui/material/styles";
import { json } from "@codemirror/lang-json";
import { MergeView } from "@codemirror/merge";
import { EditorState, type Extension } from "@codemirror/state";
import { EditorView, drawSelection, lineNumbers } from "@codemirror/view";
import { diffTheme, jsonHighlighting } from "./diff-theme";
import { useSharedHorizontalScroll } from "./use-shared-horizontal-scroll";

interface DiffViewProps {
  ours: string;
  theirs: string;
  /** What each side is, e.g. "HEAD of main" and "Current definition". */
  oursLabel: string;
  theirsLabel: string;
}

/**
 * Unchanged stretches longer than this collapse to one line that expands on click: a 5,000-line
 * object then renders its changes and a few lines around them, not every line.
 */
const COLLAPSE = { margin: 3, minSize: 6 };

function side(label: string, dark: boolean): Extension[] {
  return [
    lineNumbers(),
    drawSelection(),
    json(),
    jsonHighlighting,
    diffTheme(dark),
    EditorState.readOnly.of(true),
    EditorState.phrases.of({ "$ unchanged lines": "$ unchanged lines (click to show)" }),
    EditorView.contentAttributes.of({ "aria-label": `${label} (read only)` }),
  ];
}

/**
 * Two versions of an object file side by side, read-only, with JSON highlighting and the changes
 * marked. The sides scroll together, down as well as sideways: a long line shows the same columns
 * on both.
 */
export function DiffView({ ours, theirs, oursLabel, theirsLabel }: DiffViewProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const { mode, systemMode } = useColorScheme();
  const dark = (mode === "system" || mode === undefined ? systemMode : mode) === "dark";
  // The folded stretches open by mouse only; this opens them all, also from the keyboard.
  const [showAll, setShowAll] = useState(false);
  useSharedHorizontalScroll(hostRef);

  useEffect(() => {
    const host = hostRef.current;
    if (host === null) return;
    const view = new MergeView({
      a: { doc: ours, extensions: side(oursLabel, dark) },
      b: { doc: theirs, extensions: side(theirsLabel, dark) },
      parent: host,
      gutter: true,
      highlightChanges: true,
      ...(!showAll && { collapseUnchanged: COLLAPSE }),
    });
    return () => view.destroy();
  }, [ours, theirs, oursLabel, theirsLabel, dark, showAll]);

  return (
    <>
      <FormControlLabel control={<Switch checked={showAll} onChange={(e) => setShowAll(e.target.checked)} />} label="Show unchanged lines" sx={{ mb: 1 }} />
      <Box role="region" aria-label="Side-by-side diff" sx={{ border: 1, borderColor: "divider", borderRadius: 1, overflow: "hidden", colorScheme: dark ? "dark" : "light" }}>
        <Box sx={{ display: "grid", gridTemplateColumns: "1fr 1fr", borderBottom: 1, borderColor: "divider", bgcolor: "action.hover" }}>
          <Typography component="h2" variant="subtitle2" sx={{ px: 1.5, py: 0.75 }}>
            − {oursLabel}
          </Typography>
          <Typography component="h2" variant="subtitle2" sx={{ px: 1.5, py: 0.75, borderLeft: 1, borderColor: "divider" }}>
            + {theirsLabel}
          </Typography>
        </Box>
        <Box ref={hostRef} sx={{ "& .cm-mergeView": { maxHeight: "70vh", overflowY: "auto" } }} />
      </Box>
    </>
  );
}
