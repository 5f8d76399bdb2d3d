import { useEffect, useRef, useState } from "react";
import TextField, { type TextFieldProps } from "@mui/material/TextField";

/** Long enough not to send a request per keystroke, short enough to feel immediate. */
const DEBOUNCE_MS = 350;

type FilterTextFieldProps = Omit<TextFieldProps, "value" | "onChange" | "defaultValue"> & {
  /** The filter's value in the URL. */
  value: string;
  /** Called with the trimmed text after a pause in typing, on Enter, and on leaving the field. */
  onCommit: (value: string) => void;
  /** Object names are upper case; typing them so saves a surprise. */
  upperCase?: boolean;
  /** Why a text is no value of the filter, in words (null when it is one): shown at the field, and the URL keeps its last value. */
  problemOf?: (text: string) => string | null;
};

/**
 * A text filter that writes to the URL as the user types, and follows the URL when it changes
 * (Back, Clear). A text the filter cannot take stays in the field with the reason under it.
 */
export function FilterTextField({ value, onCommit, upperCase = false, problemOf, onKeyDown, onBlur, helperText, error, ...props }: FilterTextFieldProps) {
  const [draft, setDraft] = useState(value);
  const committed = useRef(value);
  const problem = problemOf?.(draft) ?? null;

  useEffect(() => {
    if (value !== committed.current) {
      committed.current = value;
      setDraft(value);
    }
  }, [value]);

  const commit = (text: string) => {
    const trimmed = text.trim();
    if (trimmed === committed.current || problemOf?.(trimmed)) return;
    committed.current = trimmed;
    onCommit(trimmed);
  };

  useEffect(() => {
    if (draft.trim() === committed.current) return;
    const timer = setTimeout(() => commit(draft), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  });

  return (
    <TextField
      size="small"
      {...props}
      error={problem !== null || error}
      helperText={problem ?? helperText}
      value={draft}
      onChange={(event) => setDraft(upperCase ? event.target.value.toUpperCase() : event.target.value)}
      onKeyDown={(event) => {
        if (event.key === "Enter") commit(draft);
        onKeyDown?.(event);
      }}
      onBlur={(event) => {
        commit(draft);
        onBlur?.(event);
      }}
    />
  );
}
