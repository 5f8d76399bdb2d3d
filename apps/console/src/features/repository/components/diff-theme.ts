import type { Extension } from "@codemirror/state";
import { EditorView } from "@codemirror/view";
import { highlightingByClass } from "../../../lib/code-editor";
import { monospace } from "../../../lib/theme";

interface TokenColours {
  property: string;
  string: string;
  number: string;
  literal: string;
}

// Both sets keep at least 4.5:1 against the editor background of their scheme.
const LIGHT: TokenColours = { property: "#0550ae", string: "#0a3069", number: "#116329", literal: "#8250df" };
const DARK: TokenColours = { property: "#79c0ff", string: "#a5d6ff", number: "#7ee787", literal: "#d2a8ff" };

/** CSS class of each highlighting tag the JSON parser produces, keyed by the tag's name. */
const CLASS_BY_TAG: Readonly<Record<string, string>> = {
  propertyName: "cm-json-property",
  string: "cm-json-string",
  number: "cm-json-number",
  bool: "cm-json-literal",
  null: "cm-json-literal",
};

/** JSON highlighting by class: the theme colours the classes for light and dark. */
export const jsonHighlighting = highlightingByClass(CLASS_BY_TAG);

/**
 * A side of the diff in the app's colours. Changed lines also carry "−" (older side) or "+"
 * (newer side) in their gutter, so the diff reads without telling red from green.
 */
export function diffTheme(dark: boolean): Extension {
  const colours = dark ? DARK : LIGHT;
  return EditorView.theme(
    {
      "&": { color: "var(--mui-palette-text-primary)", backgroundColor: "var(--mui-palette-background-paper)" },
      ".cm-scroller": { fontFamily: monospace, fontSize: "0.82rem", lineHeight: 1.5 },
      // Opaque (the hover tint over the paper): lines scrolled sideways pass under the gutter, not through it.
      ".cm-gutters": {
        backgroundColor: "var(--mui-palette-background-paper)",
        backgroundImage: "linear-gradient(var(--mui-palette-action-hover), var(--mui-palette-action-hover))",
        color: "var(--mui-palette-text-secondary)",
        borderRight: "1px solid var(--mui-palette-divider)",
      },
      ".cm-changeGutter": { width: "14px", paddingLeft: "0" },
      ".cm-changedLineGutter, .cm-deletedLineGutter": { color: dark ? "#000" : "#fff", textAlign: "center", fontWeight: 700 },
      "&.cm-merge-a .cm-changedLineGutter::before, .cm-deletedLineGutter::before": { content: '"−"' },
      "&.cm-merge-b .cm-changedLineGutter::before": { content: '"+"' },
      // The library's "⦚" is missing from many fonts.
      ".cm-collapsedLines:before, .cm-collapsedLines:after": { content: '"↕"' },
      ".cm-json-property": { color: colours.property },
      ".cm-json-string": { color: colours.string },
      ".cm-json-number": { color: colours.number },
      ".cm-json-literal": { color: colours.literal, fontWeight: 600 },
    },
    { dark },
  );
}
