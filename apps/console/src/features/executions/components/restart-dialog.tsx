import { useState, type FormEvent, type ReactNode } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Checkbox from "@mui/material/Checkbox";
import Dialog from "@mui/material/Dialog";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import TextField from "@mui/material/TextField";
import { isFinalStatus, type OutExecution } from "@baton/contract";
import { LoadingState } from "../../../components/loading-state";
import { PromptInputFields } from "../../../components/prompt-input-fields";
import { describeError } from "../../../lib/describe-error";
import { useRestartRefusals, type RestartOptions } from "../api/change-execution-status";
import { useObjectInputs, type ObjectInput } from "../api/get-object-inputs";
import { useVariables } from "../api/get-variables";
import { SubmitActions } from "../../../components/submit-actions";
import { scopeOptions, scopeTarget, type RestartScope } from "./restart-plan";
import { RestartScopeFields } from "./restart-scope-fields";
import { useRestartSource } from "./use-restart-source";

/** Queue names follow object names: letters, digits and . _ - # $ @, at most 200 characters. */
const QUEUE_NAME = /^[A-Za-z0-9._\-#$@]{1,200}$/;

/** `&DAYS#`, `DAYS#` and `days` all name the input DAYS#. */
const inputKey = (name: string): string => name.toUpperCase().replace(/^&/, "").replace(/#?$/, "#");

/** Which execution the restart makes, in one sentence. */
function whatRestarts(execution: OutExecution, scope: RestartScope, workflow: OutExecution | undefined): string {
  if (scope.kind === "workflow_downstream") return `A new run of workflow ${workflow?.name ?? String(scope.workflowRunId)} runs this task and what is downstream of it.`;
  if (execution.parent === undefined || execution.parent === 0) return `A new execution runs the definition ${execution.name} ran.`;
  const goesOn = workflow === undefined || !isFinalStatus(workflow.status) ? "which goes on when it ends OK" : "which has ended and does not go on";
  return `A new execution runs the definition ${execution.name} ran, on the same line of its workflow, ${goesOn}.`;
}

interface RestartDialogProps {
  execution: OutExecution;
  open: boolean;
  pending: boolean;
  /** Why the last attempt failed, shown in the dialog so the options can be corrected. */
  failure: ReactNode;
  onClose: () => void;
  /** `runId`: the execution to restart when it is not this one (this task's workflow). */
  onRestart: (options: RestartOptions, runId?: number) => void;
}

/**
 * The restart options of POST .../status: what runs (the whole run, a job's restart point, a
 * workflow from a task or a task and what is downstream of it, with the plan of what will run),
 * queue, keep start type, hold for manual release and, when the object takes prompt inputs, their
 * values (prefilled with what this run had, else the defaults). Mounted anew on every opening
 * (the caller keys it), so nothing chosen for one restart carries over to the next.
 */
export function RestartDialog({ execution, open, pending, failure, onClose, onRestart }: RestartDialogProps) {
  const [queue, setQueue] = useState("");
  const [scope, setScope] = useState<RestartScope>({ kind: "whole" });
  const source = useRestartSource(execution, open);
  // The execution the restart makes a new one of: this one, or this task's workflow.
  const restarted = scope.kind === "workflow_downstream" ? (source.workflow?.execution ?? execution) : execution;
  const [keepStartType, setKeepStartType] = useState(false);
  const [waitForRelease, setWaitForRelease] = useState(false);
  const [edited, setEdited] = useState<Readonly<Record<string, string>>>({});
  const inputs = useObjectInputs(execution.name, open);
  const variables = useVariables(execution.run_id);
  // What the server refused of the options last sent from this opening, shown at their fields while they are unchanged.
  const [openedAt] = useState(() => Date.now());
  const [sent, setSent] = useState<RestartOptions | null>(null);
  const refusals = useRestartRefusals(execution.run_id, openedAt);

  const hadValue = (input: ObjectInput): string | undefined => variables.data?.find((v) => inputKey(v.name) === inputKey(input.name))?.value;
  const valueOf = (input: ObjectInput): string => edited[input.name] ?? hadValue(input) ?? input.defaultValue ?? "";

  const trimmedQueue = queue.trim().toUpperCase();
  const queueInvalid = trimmedQueue !== "" && !QUEUE_NAME.test(trimmedQueue);
  const queueRefusal = sent !== null && sent.queue === (trimmedQueue || undefined) ? refusals.get("queue") : undefined;
  const inputRefusal = (name: string, value: string): string | undefined => (sent?.inputs?.[name] === value ? refusals.get(`inputs.${name}`) : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (queueInvalid) return;
    // A task's inputs are its own: a restart of its workflow takes the workflow's.
    const declared = scope.kind === "workflow_downstream" ? [] : (inputs.data ?? []);
    const options: RestartOptions = {
      ...(trimmedQueue !== "" && { queue: trimmedQueue }),
      ...scopeOptions(scope),
      ...(keepStartType && { keepStartType: true }),
      ...(waitForRelease && { waitForManualRelease: true }),
      ...(declared.length > 0 && { inputs: Object.fromEntries(declared.map((input) => [input.name, valueOf(input)])) }),
    };
    setSent(options);
    onRestart(options, scopeTarget(scope));
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="restart-dialog-title" maxWidth="sm" fullWidth>
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id="restart-dialog-title">Restart execution {execution.run_id}?</DialogTitle>
        <DialogContent sx={{ display: "grid", gap: 2 }}>
          <DialogContentText>{whatRestarts(execution, scope, source.workflow?.execution)} You are taken to it.</DialogContentText>
          <RestartScopeFields execution={execution} source={source} scope={scope} onChange={setScope} />
          <TextField
            label="Queue"
            value={queue}
            onChange={(e) => setQueue(e.target.value)}
            placeholder={restarted.queue || "CLIENT_QUEUE"}
            helperText={queueInvalid ? "A queue name has letters, digits and . _ - # $ @ only." : (queueRefusal ?? `Optional. Empty keeps the queue it ran in${restarted.queue ? ` (${restarted.queue})` : ""}.`)}
            error={queueInvalid || queueRefusal !== undefined}
            fullWidth
            size="small"
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Box>
            <FormControlLabel control={<Checkbox checked={waitForRelease} onChange={(e) => setWaitForRelease(e.target.checked)} />} label="Wait for manual release" />
            <FormHelperText sx={{ mt: -0.5, ml: 4 }}>The new execution waits (1693) until someone releases it.</FormHelperText>
            <FormControlLabel control={<Checkbox checked={keepStartType} onChange={(e) => setKeepStartType(e.target.checked)} />} label="Keep start type" />
            <FormHelperText sx={{ mt: -0.5, ml: 4 }}>
              The new execution keeps the start type of the run it restarts ({restarted.activator_object_type || "none"}); unchecked, its start type is API.
            </FormHelperText>
          </Box>
          {scope.kind === "workflow_downstream" ? null : <RestartInputs inputs={inputs} valueOf={valueOf} refusalOf={inputRefusal} onChange={(name, value) => setEdited({ ...edited, [name]: value })} />}
          {failure}
        </DialogContent>
        <SubmitActions onCancel={onClose} pending={pending} submitLabel="Restart" cancelLabel="Close" disabled={queueInvalid || inputs.isPending || source.pending} />
      </Box>
    </Dialog>
  );
}

interface RestartInputsProps {
  inputs: ReturnType<typeof useObjectInputs>;
  valueOf: (input: ObjectInput) => string;
  /** What the server said of the value last sent for an input, while it is still the one in the field. */
  refusalOf: (name: string, value: string) => string | undefined;
  onChange: (name: string, value: string) => void;
}

/** The prompt inputs, one field each; an object whose inputs cannot be read restarts with the ones kept with the run. */
function RestartInputs({ inputs, valueOf, refusalOf, onChange }: RestartInputsProps) {
  if (inputs.isPending) return <LoadingState label="Reading the object's inputs…" />;
  if (inputs.isError) {
    return (
      <Alert severity="info" variant="outlined">
        The object's inputs could not be read ({describeError(inputs.error).title}). The restart uses the inputs kept with this execution.
      </Alert>
    );
  }
  if (inputs.data.length === 0) return null;
  return <PromptInputFields inputs={inputs.data} valueOf={valueOf} errorOf={(input) => refusalOf(input.name, valueOf(input))} onChange={onChange} />;
}
