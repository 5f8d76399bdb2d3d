import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Checkbox from "@mui/material/Checkbox";
import Dialog from "@mui/material/Dialog";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormControlLabel from "@mui/material/FormControlLabel";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import TextField from "@mui/material/TextField";
import { DateTimeField } from "../../../components/date-time-field";
import { ErrorAlert } from "../../../components/error-alert";
import { LoadingState } from "../../../components/loading-state";
import { PromptInputFields } from "../../../components/prompt-input-fields";
import { SubmitActions } from "../../../components/submit-actions";
import { describeError } from "../../../lib/describe-error";
import { useExecuteWithOptions } from "../../../lib/execute-object";
import type { ObjectInput } from "../../../lib/object-inputs";
import { useObjectInputs } from "../api/get-object-inputs";
import { RecurringFields, type FieldError } from "./execute-dialog-recurring";
import { executeBody, initialExecuteForm, onceStartHint, problemsByField, type ExecuteForm, type ExecuteOption } from "./execute-request";

/** The fields a refusal can be shown at, by the path the server names. */
const FORM_PATHS = [
  "queue",
  "alias",
  "timezone",
  "once.execution_date_time",
  "once.use_logical_time",
  ...["period_description", "start_date", "end_date", "end_after_executions", "execute_at", "execute_interval", "execute_after", "between_start", "between_end", "execute_weekly", "execute_calendar_list"].map((f) => `recurring.${f}`),
];

const OPTIONS: readonly (readonly [ExecuteOption, string])[] = [
  ["execute", "Now"],
  ["once", "Once at a time"],
  ["recurring", "Recurring"],
];

interface ExecuteDialogProps {
  objectName: string;
  onClose: () => void;
}

/**
 * Execute with options: now, once at a time (a moment, held for release, a logical date) or
 * recurring (the spec's rules), in a queue, as an alias, with the object's prompt inputs as a form
 * generated from its prompt sets. The server checks everything; what it refuses is shown at the
 * field it names, the rest under the form. Opens the new execution (for recurring: its period
 * container). Mounted only while open, so every opening starts from the defaults.
 */
export function ExecuteDialog({ objectName, onClose }: ExecuteDialogProps) {
  const [form, setForm] = useState<ExecuteForm>(initialExecuteForm);
  const inputs = useObjectInputs(objectName, true);
  const execute = useExecuteWithOptions();
  const navigate = useNavigate();
  const declared = inputs.data ?? [];
  const { byField, rest } = problemsByField(execute.error, new Set([...FORM_PATHS, ...declared.map((input) => `inputs.${input.name}`)]));
  const errorOf: FieldError = (path) => byField.get(path);
  const field = (path: string, hint?: string) => ({ error: errorOf(path) !== undefined, helperText: errorOf(path) ?? hint, size: "small" as const, slotProps: { inputLabel: { shrink: true } } });
  const set = (change: Partial<ExecuteForm>) => setForm((current) => ({ ...current, ...change }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    execute.mutate(executeBody(objectName, form, declared), { onSuccess: ({ run_id }) => void navigate(`/executions/${run_id}`) });
  };

  const optionIndex = OPTIONS.findIndex(([option]) => option === form.option);
  return (
    <Dialog open onClose={onClose} aria-labelledby="execute-dialog-title" maxWidth="sm" fullWidth>
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id="execute-dialog-title">Execute {objectName}</DialogTitle>
        <DialogContent sx={{ display: "grid", gap: 2 }}>
          <Tabs value={optionIndex} onChange={(_, index: number) => set({ option: OPTIONS[index]?.[0] ?? "execute" })} aria-label="When it runs">
            {OPTIONS.map(([option, label]) => (
              <Tab key={option} label={label} />
            ))}
          </Tabs>
          {form.option === "once" ? (
            <Box sx={{ display: "grid", gap: 1.5 }}>
              <DateTimeField label="Start at" value={form.onceAt} onChange={(onceAt) => set({ onceAt })} error={errorOf("once.execution_date_time") !== undefined} helperText={errorOf("once.execution_date_time") ?? onceStartHint(form.onceAt, Date.now())} />
              {form.onceAt === "" ? (
                <FormControlLabel control={<Checkbox checked={form.waitForManualRelease} onChange={(e) => set({ waitForManualRelease: e.target.checked })} />} label="Wait for manual release (1693)" />
              ) : null}
              <DateTimeField label="Logical date" value={form.logicalTime} onChange={(logicalTime) => set({ logicalTime })} error={errorOf("once.use_logical_time") !== undefined} helperText={errorOf("once.use_logical_time") ?? "Optional: the run's logical date (SYS_LDATE)."} />
            </Box>
          ) : null}
          {form.option === "recurring" ? <RecurringFields value={form.recurring} onChange={(recurring) => set({ recurring })} timezone={form.timezone} onTimezoneChange={(timezone) => set({ timezone })} errorOf={errorOf} /> : null}
          <Box sx={{ display: "grid", gridTemplateColumns: "1fr 1fr", gap: 1.5 }}>
            <TextField label="Queue" value={form.queue} onChange={(e) => set({ queue: e.target.value })} placeholder="the object's" {...field("queue", "Optional: a QUEUE object or CLIENT_QUEUE")} />
            <TextField label="Alias" value={form.alias} onChange={(e) => set({ alias: e.target.value })} {...field("alias", "Optional: the name the run shows")} />
          </Box>
          <PromptInputs inputs={inputs} values={form.inputs} errorOf={errorOf} onChange={(name, value) => set({ inputs: { ...form.inputs, [name]: value } })} />
          {execute.isError && byField.size > 0 && rest.length === 0 ? (
            <Alert severity="error" variant="outlined">
              Nothing was started: correct the fields marked above and execute again.
            </Alert>
          ) : null}
          {execute.isError && (byField.size === 0 || rest.length > 0) ? (
            <ErrorAlert error={execute.error} context={`Could not execute ${objectName}`} hint={byField.size > 0 ? "Nothing was started: correct these and the fields marked above." : undefined} dense />
          ) : null}
        </DialogContent>
        <SubmitActions onCancel={onClose} pending={execute.isPending} submitLabel={form.option === "execute" ? "Execute now" : form.option === "once" ? "Execute once" : "Start recurring"} disabled={inputs.isPending} />
      </Box>
    </Dialog>
  );
}

interface PromptInputsProps {
  inputs: ReturnType<typeof useObjectInputs>;
  values: Readonly<Record<string, string>>;
  errorOf: FieldError;
  onChange: (name: string, value: string) => void;
}

/** One field per input of the object's prompt sets, prefilled with its default. */
function PromptInputs({ inputs, values, errorOf, onChange }: PromptInputsProps) {
  if (inputs.isPending) return <LoadingState label="Reading the object's inputs…" />;
  if (inputs.isError) {
    return (
      <Alert severity="info" variant="outlined">
        The object's inputs could not be read ({describeError(inputs.error).title}); it starts with the defaults of its prompt sets.
      </Alert>
    );
  }
  if (inputs.data.length === 0) return null;
  const valueOf = (input: ObjectInput) => values[input.name] ?? input.defaultValue ?? "";
  return <PromptInputFields inputs={inputs.data} valueOf={valueOf} errorOf={(input) => errorOf(`inputs.${input.name}`)} onChange={onChange} />;
}
