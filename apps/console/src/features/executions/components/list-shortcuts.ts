/** What a key does on the executions list. */
export type ListAction = "next" | "previous" | "open" | "toggle" | "cancel" | "restart" | "help";

/** The keys of the list; the help overlay shows this table, so it cannot drift from what works. */
export const LIST_SHORTCUTS: ReadonlyArray<{ key: string; action: ListAction; description: string }> = [
  { key: "j", action: "next", description: "Move to the next row" },
  { key: "k", action: "previous", description: "Move to the previous row" },
  { key: "Enter", action: "open", description: "Open the execution of the focused row" },
  { key: "x", action: "toggle", description: "Select or unselect the focused row" },
  { key: "c", action: "cancel", description: "Cancel the selected executions, or the focused one (asks first)" },
  { key: "r", action: "restart", description: "Restart the selected executions, or the focused one (asks first)" },
  { key: "?", action: "help", description: "Show these shortcuts" },
];

/** The part of a DOM element the decision needs; an HTMLElement is one. */
export interface ElementLike {
  readonly tagName: string;
  readonly isContentEditable: boolean;
  getAttribute(name: string): string | null;
  closest(selector: string): unknown;
}

export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** Where the key went; null when it is not an element (the document). */
  target: ElementLike | null;
}

/** Input types that take no text: a key pressed on them is not typing. */
const NOT_TYPING = new Set(["checkbox", "radio", "button", "submit", "reset", "range", "color", "file", "image"]);

/** Dialogs, menus and lists that pop up have keys of their own (Enter confirms, letters jump). */
const OVERLAY = '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"], [role="tooltip"]';

/** Elements whose own Enter (follow, press, tick) must win over "open the row". */
const INTERACTIVE = 'a[href], button, input, select, textarea, [role="button"], [role="link"], [role="checkbox"], [role="menuitem"], [role="tab"], [role="combobox"]';

/** True when the key goes into a field: text inputs, text areas, selects, editable content, comboboxes. */
export function isTypingTarget(element: ElementLike): boolean {
  if (element.isContentEditable) return true;
  const tag = element.tagName.toUpperCase();
  if (tag === "TEXTAREA" || tag === "SELECT") return true;
  if (tag === "INPUT") return !NOT_TYPING.has((element.getAttribute("type") ?? "text").toLowerCase());
  return element.closest('[role="textbox"], [role="combobox"], [role="searchbox"]') !== null;
}

/** The list action of a key press, or null when the key belongs to something else. */
export function shortcutFor(press: KeyPress): ListAction | null {
  // Ctrl+R reloads, Ctrl+C copies: modified keys stay the browser's.
  if (press.ctrlKey || press.metaKey || press.altKey) return null;
  const entry = LIST_SHORTCUTS.find((shortcut) => shortcut.key === press.key);
  if (entry === undefined) return null;
  const target = press.target;
  if (target === null) return entry.action;
  if (isTypingTarget(target) || target.closest(OVERLAY) !== null) return null;
  if (entry.action === "open" && target.closest(INTERACTIVE) !== null) return null;
  return entry.action;
}
