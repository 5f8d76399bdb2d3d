import Box from "@mui/material/Box";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import type { ObjectInput } from "../lib/object-inputs";

interface PromptInputFieldsProps {
  inputs: readonly ObjectInput[];
  valueOf: (input: ObjectInput) => string;
  /** What the server said of an input's value, shown at its field in place of its prompt set. */
  errorOf: (input: ObjectInput) => string | undefined;
  onChange: (name: string, value: string) => void;
}

/** One field per input of an object's prompt sets (a start with options, a restart). */
export function PromptInputFields({ inputs, valueOf, errorOf, onChange }: PromptInputFieldsProps) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: "grid", gap: 1.5 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        Inputs
      </Typography>
      {inputs.map((input) => {
        const error = errorOf(input);
        return (
          <TextField
            key={`${input.promptSet}:${input.name}`}
            label={input.name}
            value={valueOf(input)}
            onChange={(e) => onChange(input.name, e.target.value)}
            error={error !== undefined}
            helperText={error ?? `Prompt set ${input.promptSet}${input.defaultValue !== null ? `, default ${input.defaultValue}` : ""}`}
            size="small"
            fullWidth
          />
        );
      })}
    </Box>
  );
}
