import { useEffect, useRef } from "react";
import Box from "@mui/material/Box";
import { useColorScheme } from "@mui/material/styles";
import { EditorState } from "@codemirror/state";
import { EditorView, keymap } from "@codemirror/view";
import { defaultKeymap, historyKeymap } from "@codemirror/commands";
import { setDiagnostics, type Diagnostic } from "@codemirror/lint";
import { editingBasics, onTextChange } from "../../../lib/code-editor";
import { locateJsonPath } from "../../../lib/json-path-location";
import { monospace } from "../../../lib/theme";
import type { DefinitionProblem } from "../api/definition-check";

interface JsonEditorProps {
  /** The text when the editor is created; later changes come from the user. */
  initialText: string;
  onChange: (text: string) => void;
  /** Marked at their paths; replaced whenever a new array is passed. */
  problems: readonly DefinitionProblem[];
  label: string;
}

function toDiagnostics(text: string, problems: readonly DefinitionProblem[]): Diagnostic[] {
  return problems.map((problem) => ({ ...locateJsonPath(text, problem.path), severity: "error", message: problem.path ? `${problem.path}: ${problem.message}` : problem.message, source: "Baton" }));
}

/** CodeMirror 6 for an object definition: line numbers, history, each problem underlined at its member. */
export function JsonEditor({ initialText, onChange, problems, label }: JsonEditorProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const { mode, systemMode } = useColorScheme();
  const dark = (mode === "system" || mode === undefined ? systemMode : mode) === "dark";
  // The editor is created once; the ref lets its listener see the current handler.
  const latest = useRef({ initialText, onChange, label });
  useEffect(() => {
    latest.current = { initialText, onChange, label };
  });

  useEffect(() => {
    const host = hostRef.current;
    if (host === null) return;
    const view = new EditorView({
      parent: host,
      state: EditorState.create({
        doc: latest.current.initialText,
        extensions: [
          ...editingBasics(),
          keymap.of([...defaultKeymap, ...historyKeymap]),
          EditorView.theme({ "&": { maxHeight: "65vh", fontSize: "0.85rem" }, ".cm-scroller": { fontFamily: monospace, overflow: "auto" } }),
          EditorView.contentAttributes.of({ "aria-label": latest.current.label }),
          onTextChange((text) => latest.current.onChange(text)),
        ],
      }),
    });
    viewRef.current = view;
    return () => {
      view.destroy();
      viewRef.current = null;
    };
  }, []);

  useEffect(() => {
    const view = viewRef.current;
    if (view !== null) view.dispatch(setDiagnostics(view.state, toDiagnostics(view.state.doc.toString(), problems)));
  }, [problems]);

  return <Box ref={hostRef} sx={{ border: 1, borderColor: "divider", borderRadius: 1, overflow: "hidden", colorScheme: dark ? "dark" : "light", "& .cm-editor": { bgcolor: "background.paper", color: "text.primary" }, "& .cm-gutters": { bgcolor: "action.hover", color: "text.secondary", borderColor: "divider" } }} />;
}
