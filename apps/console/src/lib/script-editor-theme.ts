import { EditorView } from "@codemirror/view";
import type { Extension } from "@codemirror/state";
import { monospace } from "./theme";

interface TokenColours {
  statement: string;
  comment: string;
  string: string;
  number: string;
  variable: string;
  function: string;
  operator: string;
}

// Both sets keep at least 4.5:1 against the editor background of their scheme.
const LIGHT: TokenColours = {
  statement: "#8250df",
  comment: "#57606a",
  string: "#0a3069",
  number: "#116329",
  variable: "#953800",
  function: "#0550ae",
  operator: "#cf222e",
};

const DARK: TokenColours = {
  statement: "#d2a8ff",
  comment: "#8b949e",
  string: "#a5d6ff",
  number: "#7ee787",
  variable: "#ffa657",
  function: "#79c0ff",
  operator: "#ff7b72",
};

/**
 * The editor in the app's colours: surfaces and text come from MUI's CSS variables, token colours
 * from the set of the scheme; `dark` also switches CodeMirror's own parts (selection, cursor, lint).
 * `minHeight` gives an editor room to type in; a read-only view of a short page passes "0".
 */
export function scriptEditorTheme(dark: boolean, minHeight = "240px"): Extension {
  const colours = dark ? DARK : LIGHT;
  return EditorView.theme(
    {
      "&": {
        color: "var(--mui-palette-text-primary)",
        backgroundColor: "var(--mui-palette-background-paper)",
        maxHeight: "60vh",
      },
      "&.cm-focused": { outline: "2px solid var(--mui-palette-primary-main)", outlineOffset: "-2px" },
      ".cm-scroller": { fontFamily: monospace, fontSize: "0.9rem", lineHeight: 1.6, overflow: "auto" },
      ".cm-content, .cm-gutter": { minHeight },
      ".cm-content": { caretColor: "var(--mui-palette-text-primary)" },
      ".cm-cursor, .cm-dropCursor": { borderLeftColor: "var(--mui-palette-text-primary)" },
      ".cm-gutters": {
        backgroundColor: "var(--mui-palette-action-hover)",
        color: "var(--mui-palette-text-secondary)",
        borderRight: "1px solid var(--mui-palette-divider)",
      },
      ".cm-activeLineGutter": { backgroundColor: "var(--mui-palette-action-selected)", color: "var(--mui-palette-text-primary)" },
      ".cm-activeLine": { backgroundColor: dark ? "#ffffff0a" : "#0000000a" },
      ".cm-script-statement": { color: colours.statement, fontWeight: 600 },
      ".cm-script-comment": { color: colours.comment, fontStyle: "italic" },
      ".cm-script-string": { color: colours.string },
      ".cm-script-number": { color: colours.number },
      ".cm-script-variable": { color: colours.variable },
      ".cm-script-function": { color: colours.function },
      ".cm-script-operator, .cm-script-logical": { color: colours.operator },
      ".cm-tooltip": {
        backgroundColor: "var(--mui-palette-background-paper)",
        color: "var(--mui-palette-text-primary)",
        border: "1px solid var(--mui-palette-divider)",
      },
    },
    { dark },
  );
}
