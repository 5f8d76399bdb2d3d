import { useEffect, useRef } from "react";
import Box from "@mui/material/Box";
import { useColorScheme } from "@mui/material/styles";
import { defaultKeymap, historyKeymap } from "@codemirror/commands";
import { json } from "@codemirror/lang-json";
import { unifiedMergeView } from "@codemirror/merge";
import { EditorState, type Extension } from "@codemirror/state";
import { EditorView, drawSelection, keymap, lineNumbers } from "@codemirror/view";
import { editingBasics, onTextChange } from "../../../lib/code-editor";
import { diffTheme, jsonHighlighting } from "./diff-theme";

interface CodePaneProps {
  /** The text the pane opens with; an editable pane is made anew (give it another `key`) to start over. */
  doc: string;
  /** The accessible name of the text, e.g. "Theirs (feature, read only)". */
  label: string;
  /** When given, the changes from this text are marked in the pane (inserted lines, deleted ones shown between). */
  original?: string;
  /** Editable, telling `onChange` each new text. */
  onChange?: (text: string) => void;
  /** CSS max-height of the pane, scrolled beyond. */
  maxHeight?: string;
}

/** Marks of the lines a pane changed against its original, in signs as well as colour. */
const CHANGE_SIGNS = EditorView.theme({ ".cm-changedLineGutter::before": { content: '"+"' }, ".cm-deletedChunk": { position: "relative" } });

/** One object file in CodeMirror with JSON highlighting: read only, or editable; optionally against an original. */
export function CodePane({ doc, label, original, onChange, maxHeight = "45vh" }: CodePaneProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const { mode, systemMode } = useColorScheme();
  const dark = (mode === "system" || mode === undefined ? systemMode : mode) === "dark";
  const editable = onChange !== undefined;
  // The view is made once per text and scheme; the ref lets its listener see the current handler.
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });

  useEffect(() => {
    const host = hostRef.current;
    if (host === null) return;
    const extensions: Extension[] = [
      ...(editable ? [...editingBasics(), keymap.of([...defaultKeymap, ...historyKeymap]), onTextChange((text) => latest.current?.(text))] : [lineNumbers(), drawSelection(), EditorState.readOnly.of(true)]),
      json(),
      jsonHighlighting,
      diffTheme(dark),
      CHANGE_SIGNS,
      EditorView.theme({ "&": { maxHeight }, ".cm-scroller": { overflow: "auto" } }),
      EditorView.contentAttributes.of({ "aria-label": label }),
      ...(original === undefined ? [] : [unifiedMergeView({ original, mergeControls: false, gutter: true, highlightChanges: true, syntaxHighlightDeletions: false })]),
    ];
    const view = new EditorView({ parent: host, state: EditorState.create({ doc, extensions }) });
    return () => view.destroy();
  }, [doc, label, original, editable, dark, maxHeight]);

  return <Box ref={hostRef} sx={{ border: 1, borderColor: "divider", borderRadius: 1, overflow: "hidden", colorScheme: dark ? "dark" : "light", minWidth: 0 }} />;
}
