import type { Extension } from "@codemirror/state";
import { EditorView, drawSelection, highlightActiveLine, highlightActiveLineGutter, lineNumbers } from "@codemirror/view";
import { history } from "@codemirror/commands";
import { bracketMatching } from "@codemirror/language";
import { lintGutter } from "@codemirror/lint";

/** What every editor of the console has: line numbers, current line, selection, undo, brackets, the lint gutter. */
export function editingBasics(): Extension[] {
  return [lineNumbers(), highlightActiveLineGutter(), highlightActiveLine(), drawSelection(), history(), bracketMatching(), lintGutter()];
}

/** Tells `onChange` the whole text after every edit. */
export function onTextChange(onChange: (text: string) => void): Extension {
  return EditorView.updateListener.of((update) => {
    if (update.docChanged) onChange(update.state.doc.toString());
  });
}
