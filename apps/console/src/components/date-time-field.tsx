import { useEffect, useState, type ReactNode } from "react";
import TextField from "@mui/material/TextField";
import type { SxProps, Theme } from "@mui/material/styles";
import { LOCAL_DATE_TIME_FORMAT, formatLocalInput, parseLocalInput } from "../lib/date-input";

export interface DateTimeFieldProps {
  label: string;
  /** The API's UTC value (`2026-05-01T04:30:00Z`), "" for none. */
  value: string;
  /** Called with the UTC value of each readable text; with "" when emptied, unless `required`. */
  onChange: (utc: string) => void;
  required?: boolean;
  /** Shown under the field while what is typed reads (a hint, or the server's refusal). */
  helperText?: ReactNode;
  /** The field is in error for a reason of the caller (a refusal of the server). */
  error?: boolean;
  size?: "small" | "medium";
  sx?: SxProps<Theme>;
}

/**
 * The console's one field for a moment: local time typed and shown as `2026-05-01 18:30`, ISO
 * order on a 24-hour clock as every time the console shows, whatever the browser's locale. (A
 * native datetime-local input follows the locale: 05/01/2026 06:30 PM in an American browser.)
 * What is typed is kept as typed; the value changes only when the text reads as a moment, and
 * the field says how to write it when it does not.
 */
export function DateTimeField({ label, value, onChange, required = false, helperText, error = false, size = "small", sx }: DateTimeFieldProps) {
  const [text, setText] = useState(() => formatLocalInput(value));
  // A value set from outside (a preset, the URL) replaces the text unless the text already means it.
  useEffect(() => {
    setText((current) => (parseLocalInput(current) === value ? current : formatLocalInput(value)));
  }, [value]);
  const parsed = parseLocalInput(text);
  const problem = parsed === null ? `Write it as ${LOCAL_DATE_TIME_FORMAT}, 24-hour` : required && parsed === "" ? "Required" : null;
  return (
    <TextField
      size={size}
      label={label}
      value={text}
      required={required}
      error={problem !== null || error}
      helperText={problem ?? helperText}
      placeholder={LOCAL_DATE_TIME_FORMAT}
      onChange={(event) => {
        setText(event.target.value);
        const utc = parseLocalInput(event.target.value);
        if (utc !== null && !(required && utc === "")) onChange(utc);
      }}
      onBlur={() => {
        // Tidy what was typed (`2026-5-1 6:05` → `2026-05-01 06:05`) once the operator leaves the field.
        if (parsed) setText(formatLocalInput(parsed));
      }}
      sx={sx}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { spellCheck: false, autoComplete: "off" } }}
    />
  );
}
