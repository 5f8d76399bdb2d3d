import { useEffect, useImperativeHandle, useRef, useState, type Ref } from "react";
import Box from "@mui/material/Box";
import { Compartment, EditorState, Prec } from "@codemirror/state";
import { EditorView, keymap } from "@codemirror/view";
import { defaultKeymap, historyKeymap } from "@codemirror/commands";
import { setDiagnostics } from "@codemirror/lint";
import { editingBasics, onTextChange } from "../../../lib/code-editor";
import type { ScriptProblem } from "../api/run-script";
import { offsetOf, toDiagnostics } from "./script-diagnostics";
import { scriptEditorTheme } from "../../../lib/script-editor-theme";
import { scriptHighlighting, scriptLanguage } from "../../../lib/script-language";

export interface ScriptEditorHandle {
  /** Puts the cursor at a 1-based line and column and focuses the editor. */
  focusAt(line: number, column: number): void;
}

interface ScriptEditorProps {
  /** The text when the editor is created; later changes come from the user. */
  initialText: string;
  onChange: (text: string) => void;
  /** Ctrl/Cmd-Enter, with the current text. */
  onRun: (text: string) => void;
  /** Underlined in the editor; replaced whenever a new array is passed. */
  problems: readonly ScriptProblem[];
  dark: boolean;
  /** Id of the text that explains the editor (e.g. the shortcut). */
  describedBy?: string;
  ref?: Ref<ScriptEditorHandle>;
}

/** CodeMirror 6 with the script language: line numbers, history, Ctrl/Cmd-Enter runs, errors underlined. */
export function ScriptEditor({ initialText, onChange, onRun, problems, dark, describedBy, ref }: ScriptEditorProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const [themeSlot] = useState(() => new Compartment());
  // The editor is created once; these refs let its handlers see the current props.
  const latest = useRef({ initialText, onChange, onRun, dark, describedBy });
  useEffect(() => {
    latest.current = { initialText, onChange, onRun, dark, describedBy };
  });

  useEffect(() => {
    const host = hostRef.current;
    if (host === null) return;
    const { initialText: doc, dark: darkAtStart, describedBy: description } = latest.current;
    const view = new EditorView({
      parent: host,
      state: EditorState.create({
        doc,
        extensions: [
          ...editingBasics(),
          scriptLanguage,
          scriptHighlighting,
          Prec.highest(
            keymap.of([
              {
                key: "Mod-Enter",
                run: (target) => {
                  latest.current.onRun(target.state.doc.toString());
                  return true;
                },
              },
            ]),
          ),
          keymap.of([...defaultKeymap, ...historyKeymap]),
          themeSlot.of(scriptEditorTheme(darkAtStart)),
          EditorView.contentAttributes.of({
            "aria-label": "Script",
            ...(description !== undefined && { "aria-describedby": description }),
          }),
          onTextChange((text) => latest.current.onChange(text)),
        ],
      }),
    });
    viewRef.current = view;
    return () => {
      view.destroy();
      viewRef.current = null;
    };
  }, [themeSlot]);

  useEffect(() => {
    viewRef.current?.dispatch({ effects: themeSlot.reconfigure(scriptEditorTheme(dark)) });
  }, [dark, themeSlot]);

  useEffect(() => {
    const view = viewRef.current;
    if (view !== null) view.dispatch(setDiagnostics(view.state, toDiagnostics(view.state.doc, problems)));
  }, [problems]);

  useImperativeHandle(
    ref,
    () => ({
      focusAt(line, column) {
        const view = viewRef.current;
        if (view === null) return;
        view.dispatch({ selection: { anchor: offsetOf(view.state.doc, line, column) }, scrollIntoView: true });
        view.focus();
      },
    }),
    [],
  );

  return <Box ref={hostRef} sx={{ border: 1, borderColor: "divider", borderRadius: 1, overflow: "hidden" }} />;
}
