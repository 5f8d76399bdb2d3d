import type { Extension } from "@codemirror/state";
import { EditorView, drawSelection, highlightActiveLine, highlightActiveLineGutter, lineNumbers } from "@codemirror/view";
import { history } from "@codemirror/commands";
import { bracketMatching, syntaxHighlighting } from "@codemirror/language";
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

/**
 * Highlighting by CSS class rather than with a HighlightStyle: an editor theme colours the classes
 * for light and dark, and no tag objects need to be imported. `classByTag` is keyed by the tag's
 * name as the parser's tags print it (`propertyName`, `string`, `special(variableName)`, …).
 */
export function highlightingByClass(classByTag: Readonly<Record<string, string>>): Extension {
  return syntaxHighlighting({
    style(tags) {
      for (const tag of tags) {
        const className = classByTag[tag.toString()];
        if (className !== undefined) return className;
      }
      return null;
    },
  });
}
