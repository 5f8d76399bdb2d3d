/** Local storage key of the text in the Scripts editor. */
const DRAFT_STORAGE_KEY = "baton.scripts.draft";

/** What a new editor shows: a working script that explains itself. */
export const EXAMPLE_SCRIPT = [
  "! A comment line. Statements start with a colon;",
  "! Ctrl+Enter (Cmd+Enter on a Mac) runs the script.",
  ':SET &GREETING# = "Hello from Baton"',
  ":SET &SUM# = 2 + 3",
  ':PRINT "&GREETING#, 2 + 3 = &SUM#"',
  ':PRINT STR_CAT("Today is ", SYS_DATE("YYYY-MM-DD"))',
].join("\n");

/** The draft kept from an earlier visit, or the example. */
export function readScriptDraft(): string {
  try {
    return window.localStorage.getItem(DRAFT_STORAGE_KEY) ?? EXAMPLE_SCRIPT;
  } catch {
    // Storage can be switched off (privacy settings); the editor then starts with the example.
    return EXAMPLE_SCRIPT;
  }
}

export function writeScriptDraft(text: string): void {
  try {
    window.localStorage.setItem(DRAFT_STORAGE_KEY, text);
  } catch {
    // Full or switched off: the draft just does not survive a reload.
  }
}
