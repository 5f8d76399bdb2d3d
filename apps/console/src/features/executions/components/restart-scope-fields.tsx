import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import FormControlLabel from "@mui/material/FormControlLabel";
import MenuItem from "@mui/material/MenuItem";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import type { OutExecution, WorkflowGraph } from "@baton/contract";
import { isFinalStatus, restartableLines } from "@baton/contract";
import { LoadingState } from "../../../components/loading-state";
import { describeError } from "../../../lib/describe-error";
import { failedTaskLine, restartPlan, shortStatus, type PlannedTask, type RestartScope, type TaskResult } from "./restart-plan";

/** What a restart can be asked to run, with what the dialog read to say it. */
export interface RestartSource {
  /** A workflow's definition (undefined for other types, or while it is read). */
  graph: WorkflowGraph | undefined;
  /** What each task of this run ended with, by line. */
  results: ReadonlyMap<number, TaskResult>;
  /** A job's or script's restart points, in page order. */
  points: readonly string[];
  /** For a task of a workflow: that workflow, its definition and what its tasks did in it. */
  workflow?: { execution: OutExecution; graph: WorkflowGraph; results: ReadonlyMap<number, TaskResult> } | undefined;
  /** Still reading the definition or the tasks. */
  pending: boolean;
  /** Why the definition could not be read: only the whole run can be offered. */
  error: unknown;
}

interface RestartScopeFieldsProps {
  execution: OutExecution;
  source: RestartSource;
  scope: RestartScope;
  onChange: (scope: RestartScope) => void;
}

const CHOICES = ["whole", "point", "from_line", "downstream", "workflow_downstream"] as const;
type Choice = (typeof CHOICES)[number];

const choiceOf = (scope: RestartScope): Choice => (scope.kind === "task" ? (scope.downstreamOnly ? "downstream" : "from_line") : scope.kind);

/** The workflow a task can be rerun in with what is downstream of it: only one that has ended (a running one goes on by itself after the task's restart). */
function rerunnableWorkflow(execution: OutExecution, source: RestartSource): { runId: number; line: number; name: string; ended: boolean; statusText: string } | undefined {
  const workflow = source.workflow;
  if (workflow === undefined || execution.line_number === undefined) return undefined;
  return { runId: workflow.execution.run_id, line: execution.line_number, name: workflow.execution.name, ended: isFinalStatus(workflow.execution.status), statusText: shortStatus(workflow.execution.status) };
}

/**
 * Where the restart begins, and the plan that says what will run. A workflow restarts whole, from
 * a task (every later line), or a task and what is downstream of it only; a job or script whole or
 * from one of its `:RESTART` points. The choices come from the definition, so no point or line can
 * be asked for that the object does not have.
 */
export function RestartScopeFields({ execution, source, scope, onChange }: RestartScopeFieldsProps) {
  const { graph, results, points } = source;
  if (source.pending) return <LoadingState label="Reading what this execution can restart from…" />;
  const isWorkflow = execution.type === "JOBP" && graph !== undefined;
  const lines = graph === undefined ? [] : restartableLines(graph);
  const failed = graph === undefined ? undefined : failedTaskLine(graph, results);
  const defaultLine = failed ?? lines[0];
  const chosenLine = scope.kind === "task" ? scope.line : defaultLine;

  const inWorkflow = rerunnableWorkflow(execution, source);
  const choose = (choice: Choice) => {
    if (choice === "whole") onChange({ kind: "whole" });
    else if (choice === "workflow_downstream") {
      if (inWorkflow !== undefined) onChange({ kind: "workflow_downstream", workflowRunId: inWorkflow.runId, line: inWorkflow.line });
    }
    else if (choice === "point") onChange({ kind: "point", point: points[0] ?? "" });
    else if (chosenLine !== undefined) onChange({ kind: "task", line: chosenLine, downstreamOnly: choice === "downstream" });
  };
  const taskLabel = (line: number) => {
    const task = graph?.tasks.find((t) => t.line === line);
    const result = results.get(line);
    return `Line ${line}: ${task?.objectName ?? "?"} — ${result === undefined ? "did not run" : shortStatus(result.status)}`;
  };
  const failedName = failed === undefined ? undefined : graph?.tasks.find((t) => t.line === failed)?.objectName;

  return (
    <Box sx={{ display: "grid", gap: 1.5 }}>
      {source.error !== null && source.error !== undefined ? (
        <Alert severity="info" variant="outlined">
          The definition of {execution.name} could not be read ({describeError(source.error).title}); only the whole run can be restarted here.
        </Alert>
      ) : null}
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <Typography component="legend" variant="subtitle2">
          What runs
        </Typography>
        <RadioGroup value={choiceOf(scope)} onChange={(e) => {
            const picked = CHOICES.find((c) => c === e.target.value);
            if (picked !== undefined) choose(picked);
          }}>
          <FormControlLabel value="whole" control={<Radio size="small" />} label={isWorkflow ? "The whole workflow" : `The whole ${execution.type === "SCRI" ? "script" : "run"}`} />
          {isWorkflow && lines.length > 0 ? (
            <>
              <FormControlLabel value="from_line" control={<Radio size="small" />} label="From a task: that task and every later line" />
              <FormControlLabel value="downstream" control={<Radio size="small" />} label="A task and everything downstream of it; the other tasks keep their results" />
            </>
          ) : null}
          {!isWorkflow && points.length > 0 ? <FormControlLabel value="point" control={<Radio size="small" />} label={`From a restart point (${points.join(", ")})`} /> : null}
          {inWorkflow !== undefined ? (
            <FormControlLabel
              value="workflow_downstream"
              disabled={!inWorkflow.ended}
              control={<Radio size="small" />}
              label={
                inWorkflow.ended
                  ? `This task and everything downstream of it, in a new run of workflow ${inWorkflow.name}`
                  : `This task and everything downstream of it: not while workflow ${inWorkflow.name} is active (${inWorkflow.statusText}); restarting the task lets it go on`
              }
            />
          ) : null}
        </RadioGroup>
      </Box>
      {scope.kind === "task" ? (
        <TextField select label="Task" size="small" value={scope.line} onChange={(e) => onChange({ ...scope, line: Number(e.target.value) })}>
          {lines.map((line) => (
            <MenuItem key={line} value={line}>
              {taskLabel(line)}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      {scope.kind === "point" ? (
        <TextField select label="Restart point" size="small" value={scope.point} onChange={(e) => onChange({ kind: "point", point: e.target.value })}>
          {points.map((point) => (
            <MenuItem key={point} value={point}>
              {point}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      {isWorkflow && failed !== undefined ? (
        <Box>
          <Button size="small" variant="outlined" onClick={() => onChange({ kind: "task", line: failed, downstreamOnly: false })}>
            Restart from the failed task ({failedName}, line {failed})
          </Button>
        </Box>
      ) : null}
      <PlanView
        plan={
          scope.kind === "workflow_downstream" && source.workflow !== undefined
            ? restartPlan(source.workflow.execution, scope, source.workflow.graph, source.workflow.results, [])
            : restartPlan(execution, scope, isWorkflow ? graph : undefined, results, points)
        }
      />
    </Box>
  );
}

function TaskList({ title, tasks }: { title: string; tasks: PlannedTask[] }) {
  if (tasks.length === 0) return null;
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="caption" component="h3" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {tasks.map((task) => (
          <Typography component="li" variant="body2" key={task.line}>
            Line {task.line}: {task.name}
            {task.result === undefined ? " (did not run in this run)" : ` (this run: ${shortStatus(task.result.status)})`}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

/** The plan as the operator reads it: one sentence, the tasks that run and those that do not, and the warnings. */
function PlanView({ plan }: { plan: ReturnType<typeof restartPlan> }) {
  return (
    <Alert severity="info" icon={false} variant="outlined" role="status" aria-label="What will run">
      <Typography variant="body2" sx={{ mb: plan.rerun.length + plan.notRun.length > 0 ? 1 : 0 }}>
        {plan.headline}
      </Typography>
      <Box sx={{ display: "grid", gridTemplateColumns: { sm: "1fr 1fr" }, gap: 1 }}>
        <TaskList title="Runs again" tasks={plan.rerun} />
        <TaskList title="Not run again (1922)" tasks={plan.notRun} />
      </Box>
      {plan.warnings.map((warning) => (
        <Typography key={warning} variant="body2" color="warning" sx={{ mt: 1 }}>
          Note: {warning}
        </Typography>
      ))}
    </Alert>
  );
}
