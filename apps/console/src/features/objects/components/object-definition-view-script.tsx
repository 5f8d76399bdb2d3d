import { useEffect, useRef } from "react";
import Box from "@mui/material/Box";
import { useColorScheme } from "@mui/material/styles";
import { EditorState } from "@codemirror/state";
import { EditorView, lineNumbers } from "@codemirror/view";
import { scriptEditorTheme } from "../../../lib/script-editor-theme";
import { scriptHighlighting, scriptLanguage } from "../../../lib/script-language";

/**
 * One script page of an object in CodeMirror, read-only, highlighted as the script language (a
 * job's process lines that are not `:` statements read as shell text with their `&VAR#` marked).
 * Text can be selected and copied; changes go through the Edit tab.
 */
export function ObjectDefinitionScript({ text, label }: { text: string; label: string }) {
  const hostRef = useRef<HTMLDivElement>(null);
  const { mode, systemMode } = useColorScheme();
  const dark = (mode === "system" || mode === undefined ? systemMode : mode) === "dark";

  useEffect(() => {
    const host = hostRef.current;
    if (host === null) return;
    const view = new EditorView({
      parent: host,
      state: EditorState.create({
        doc: text,
        extensions: [
          lineNumbers(),
          scriptLanguage,
          scriptHighlighting,
          scriptEditorTheme(dark, "0"),
          EditorState.readOnly.of(true),
          EditorView.contentAttributes.of({ "aria-label": label, "aria-readonly": "true" }),
        ],
      }),
    });
    return () => view.destroy();
  }, [text, label, dark]);

  return <Box ref={hostRef} sx={{ border: 1, borderColor: "divider", borderRadius: 1, overflow: "hidden" }} />;
}
