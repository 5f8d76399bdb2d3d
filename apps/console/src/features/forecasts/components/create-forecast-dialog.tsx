import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import Dialog from "@mui/material/Dialog";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormLabel from "@mui/material/FormLabel";
import MenuItem from "@mui/material/MenuItem";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { ERT_GROUP_OPTIONS, EXECUTION_FIXED_BELOW_SECONDS, OBJECT_FIXED_MAX_SECONDS, type ErtGroupOption } from "@baton/contract";
import { DateTimeField } from "../../../components/date-time-field";
import { ErrorAlert } from "../../../components/error-alert";
import { isApiError } from "../../../lib/api-client";
import { toUtcParam } from "../../../lib/date-input";
import { useCreateForecast } from "../api/create-forecast";
import { fieldOfPath, forecastBody, missingFields, type ForecastForm, type ForecastOption, type FormField } from "./create-forecast-form";
import { SubmitActions } from "../../../components/submit-actions";

const OPTIONS: ReadonlyArray<{ value: ForecastOption; label: string }> = [
  { value: "object", label: "An object started at a time" },
  { value: "execution", label: "What a running execution will still do" },
  { value: "client", label: "Everything the client will run" },
];

const ERT_LABELS: Record<ErtGroupOption, string> = {
  registration: "Estimated runtime (ERT) of each object",
  group: "Longest of the recent OK runs (pessimistic)",
  fixed: "The same fixed runtime for every task",
};

/** The next whole minute: a forecast asked now plans from a moment the user can read and type. */
function nextMinute(): Date {
  return new Date(Math.ceil(Date.now() / 60_000) * 60_000);
}

function emptyForm(): ForecastForm {
  return { option: "object", title: "", name: "", start: toUtcParam(nextMinute()), runId: "", days: "", ertGroupOption: "registration", fixed: "" };
}

/** What is wrong with each field, in words. */
type Problems = Partial<Record<FormField, string>>;

/** The server's refusals by field; `complete` when every problem has a field to be shown under. */
function refusalsOf(error: unknown): { refusals: Problems; complete: boolean } {
  if (!isApiError(error, 400)) return { refusals: {}, complete: false };
  const refusals: Problems = {};
  let complete = true;
  for (const problem of error.problems) {
    const field = fieldOfPath(problem.path);
    if (field) refusals[field] = refusals[field] ? `${refusals[field]}; ${problem.message}` : `Refused: ${problem.message}`;
    else complete = false;
  }
  return { refusals, complete };
}

interface FieldsProps {
  form: ForecastForm;
  set: (changes: Partial<ForecastForm>) => void;
  problems: Problems;
}

/** A field's error state and helper: what is wrong with it when something is, else the hint. */
function said(problems: Problems, field: FormField, hint?: string): { error: boolean; helperText: string | undefined } {
  const problem = problems[field];
  return problem ? { error: true, helperText: problem } : { error: false, helperText: hint };
}

/** Runtime choice, shared by the object and the execution option (the client option always uses the ERT). */
function ErtFields({ form, set, problems }: FieldsProps) {
  const fixedMax = form.option === "object" ? `at most ${OBJECT_FIXED_MAX_SECONDS}` : `less than ${EXECUTION_FIXED_BELOW_SECONDS}`;
  return (
    <>
      <TextField select label="Runtime of each task" {...said(problems, "ertGroupOption")} value={form.ertGroupOption} onChange={(e) => set({ ertGroupOption: ERT_GROUP_OPTIONS.find((o) => o === e.target.value) ?? "registration" })}>
        {ERT_GROUP_OPTIONS.map((option) => (
          <MenuItem key={option} value={option}>
            {ERT_LABELS[option]}
          </MenuItem>
        ))}
      </TextField>
      {form.ertGroupOption === "fixed" ? (
        <TextField label="Fixed runtime (seconds)" type="number" required value={form.fixed} onChange={(e) => set({ fixed: e.target.value })} {...said(problems, "fixed", `More than 0, ${fixedMax}.`)} />
      ) : null}
    </>
  );
}

function OptionFields({ form, set, problems }: FieldsProps) {
  if (form.option === "object") {
    return (
      <>
        <TextField label="Object name" required value={form.name} onChange={(e) => set({ name: e.target.value })} {...said(problems, "name", "A workflow, schedule, job or other executable object.")} />
        <DateTimeField label="Start" size="medium" value={form.start} onChange={(start) => set({ start })} {...said(problems, "start")} />
        <ErtFields form={form} set={set} problems={problems} />
      </>
    );
  }
  const days = (
    <TextField
      label="Days"
      type="number"
      value={form.days}
      onChange={(e) => set({ days: e.target.value })}
      {...said(problems, "days", form.option === "execution" ? "From now to midnight (UTC) of the last day; today is the first. Empty: 1." : "Empty: the client's forecast horizon.")}
    />
  );
  if (form.option === "execution") {
    return (
      <>
        <TextField label="Run ID" required type="number" value={form.runId} onChange={(e) => set({ runId: e.target.value })} {...said(problems, "runId", "An execution that has not ended.")} />
        {days}
        <ErtFields form={form} set={set} problems={problems} />
      </>
    );
  }
  return days;
}

/** Asks for a new forecast; on success opens it, where its calculation is followed. */
export function CreateForecastDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form, setForm] = useState(emptyForm);
  const create = useCreateForecast();
  const navigate = useNavigate();
  const set = (changes: Partial<ForecastForm>) => setForm((current) => ({ ...current, ...changes }));
  const { refusals, complete } = refusalsOf(create.error);
  // Empty required fields are named from the first try to send on, until they are filled in.
  const [checked, setChecked] = useState(false);
  const missing = checked ? missingFields(form) : {};
  const problems: Problems = { ...refusals, ...missing };

  const close = () => {
    create.reset();
    setChecked(false);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (Object.keys(missingFields(form)).length > 0) return;
    create.mutate(forecastBody(form), {
      onSuccess: ({ forecast_id }) => {
        setForm(emptyForm());
        close();
        void navigate(`/forecasts/${encodeURIComponent(forecast_id)}`);
      },
    });
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby="create-forecast-title" fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="create-forecast-title">New forecast</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <div>
              <FormLabel id="forecast-option-label">Forecast</FormLabel>
              <RadioGroup aria-labelledby="forecast-option-label" value={form.option} onChange={(e) => set({ option: OPTIONS.find((o) => o.value === e.target.value)?.value ?? "object" })}>
                {OPTIONS.map((option) => (
                  <FormControlLabel key={option.value} value={option.value} control={<Radio />} label={option.label} />
                ))}
              </RadioGroup>
            </div>
            <TextField label="Title" {...said(problems, "title", form.option === "client" ? "Optional; empty: the client's default title." : "Optional; without one the list names the forecast by its number.")} value={form.title} onChange={(e) => set({ title: e.target.value })} slotProps={{ htmlInput: { maxLength: 255 } }} />
            <OptionFields form={form} set={set} problems={problems} />
            {/* Refusals that each have a field are shown there; anything else (or a failure) as a whole. */}
            {create.error && !complete ? <ErrorAlert error={create.error} context="The forecast was not created" /> : null}
          </Stack>
        </DialogContent>
        <SubmitActions onCancel={close} pending={create.isPending} submitLabel="Create forecast" />
      </form>
    </Dialog>
  );
}
