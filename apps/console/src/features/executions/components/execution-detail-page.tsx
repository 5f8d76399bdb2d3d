import { Link as RouterLink, useParams } from "react-router";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import ArrowBack from "@mui/icons-material/ArrowBack";
import Refresh from "@mui/icons-material/Refresh";
import SearchOff from "@mui/icons-material/SearchOff";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import { Status, isFinalStatus, type OutExecution } from "@baton/contract";
import { PageHeader } from "../../../components/page-header";
import { ErrorAlert } from "../../../components/error-alert";
import { EmptyState } from "../../../components/empty-state";
import { LoadingState } from "../../../components/loading-state";
import { DetailList, type DetailItem } from "../../../components/detail-list";
import { isApiError } from "../../../lib/api-client";
import { formatDateTime, formatDuration } from "../../../lib/format";
import { useNow } from "../../../lib/use-now";
import { runtimeText } from "./executions-table";
import { monospace } from "../../../lib/theme";
import { useExecution } from "../api/get-execution";
import { ReportViewer } from "./report-viewer";
import { StatusLabel } from "./status-label";
import { ExecutionTypeLabel } from "./execution-type-label";
import { useExecutionActions } from "./execution-actions";
import { TasksTable } from "./tasks-table";
import { VariablesSection } from "./variables-section";

/** Types whose children (workflow tasks, schedule slots) are listed on the page. */
const HAS_TASKS = new Set(["Workflow", "Schedule"]);

/** What started it, as words: the engine names the parent's object type in activator_object_type. */
function parentKind(execution: OutExecution): string {
  if (execution.activator_object_type === "JOBP") return "workflow";
  if (execution.activator_object_type === "JSCH") return "schedule";
  return "execution";
}

const backButton = (
  <Button component={RouterLink} to="/executions" startIcon={<ArrowBack />}>
    Back to executions
  </Button>
);

function runLink(runId: number | undefined) {
  if (runId === undefined) return "—";
  return (
    <Link component={RouterLink} to={`/executions/${runId}`} sx={{ fontFamily: monospace }}>
      {runId}
    </Link>
  );
}

function detailItems(execution: OutExecution, now: number): DetailItem[] {
  const items: DetailItem[] = [
    { label: "Name", value: execution.name },
    { label: "Type", value: <ExecutionTypeLabel type={execution.type} subType={execution.sub_type} /> },
    { label: "Return code", value: execution.return_code ?? "—" },
    { label: "User", value: execution.user },
    { label: "Activation", value: formatDateTime(execution.activation_time) },
    { label: "Start", value: formatDateTime(execution.start_time) },
    { label: "End", value: formatDateTime(execution.end_time) },
    {
      label: "Runtime",
      value: !isFinalStatus(execution.status) && execution.start_time ? `${runtimeText(execution, now)} so far` : runtimeText(execution, now),
    },
    { label: "Agent", value: execution.agent ?? "—" },
    { label: "Platform", value: execution.platform ?? "—" },
    { label: "Queue", value: execution.queue || "—" },
    { label: "Estimated runtime", value: formatDuration(execution.estimated_runtime) },
  ];
  if (execution.title) items.push({ label: "Title", value: execution.title });
  if (execution.alias) items.push({ label: "Alias", value: execution.alias });
  // The engine sends 0 for "none" (run ids start at 1).
  // Parent and the first run of a restart chain are named in the line above the list (Relations).
  if (execution.line_number) items.push({ label: "Line", value: execution.line_number });
  if (execution.restart_predecessor) items.push({ label: "Restarted from", value: runLink(execution.restart_predecessor) });
  return items;
}

function parseRunId(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d{1,10}$/.test(raw)) return null;
  const value = Number(raw);
  return value >= 1 && value <= 2147483647 ? value : null;
}

export function ExecutionDetailPage() {
  const { runId: rawRunId } = useParams();
  const runId = parseRunId(rawRunId);
  if (runId === null) {
    return (
      <>
        <title>Execution not found · Baton</title>
        <EmptyState icon={<SearchOff />} title={`"${rawRunId ?? ""}" is not a RunID`} action={backButton}>
          A RunID is a positive whole number, like 1042.
        </EmptyState>
      </>
    );
  }
  return <ExecutionDetail runId={runId} />;
}

function ExecutionDetail({ runId }: { runId: number }) {
  const execution = useExecution(runId);
  const running = execution.data !== undefined && !isFinalStatus(execution.data.status) && execution.data.start_time !== undefined;
  const now = useNow(1000, running);

  if (execution.isPending) return <LoadingState label={`Loading execution ${runId}…`} />;
  if (execution.isError) {
    if (isApiError(execution.error, 404)) {
      return (
        <>
          <title>{`Execution ${runId} does not exist · Baton`}</title>
          <EmptyState icon={<SearchOff />} title={`Execution ${runId} does not exist`} action={backButton}>
            There is no execution with RunID {runId} in this client. It may have been deleted, or the number is wrong.
          </EmptyState>
        </>
      );
    }
    return (
      <>
        <PageHeader title={`Execution ${runId}`} actions={backButton} />
        <ErrorAlert error={execution.error} context={`Could not load execution ${runId}`} onRetry={() => void execution.refetch()} />
      </>
    );
  }

  // Keyed by run: state of one execution's actions (a 403, an open dialog) never carries over to another.
  return <LoadedExecution key={runId} data={execution.data} now={now} refreshing={execution.isFetching} onRefresh={() => void execution.refetch()} />;
}

interface LoadedExecutionProps {
  data: OutExecution;
  now: number;
  refreshing: boolean;
  onRefresh: () => void;
}

/** How it relates to others: the workflow or schedule it is part of, the run it restarts. */
function Relations({ execution }: { execution: OutExecution }) {
  const parts = [];
  if (execution.parent) {
    const kind = parentKind(execution);
    parts.push(
      <span key="parent">
        Part of {kind}{" "}
        <Link component={RouterLink} to={`/executions/${execution.parent}`} sx={{ fontFamily: monospace }} aria-label={`Part of ${kind} ${execution.parent}`}>
          {execution.parent}
        </Link>
        {execution.line_number ? `, line ${execution.line_number}` : null}
      </span>,
    );
  }
  if (execution.restart_count && execution.reference_run_id) {
    parts.push(
      <span key="restart">
        Restart {execution.restart_count} of RunID{" "}
        <Link component={RouterLink} to={`/executions/${execution.reference_run_id}`} sx={{ fontFamily: monospace }}>
          {execution.reference_run_id}
        </Link>
      </span>,
    );
  }
  if (parts.length === 0) return null;
  return (
    <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap", color: "text.secondary", mb: 1.5 }} aria-label="Related executions">
      {parts}
    </Box>
  );
}

function LoadedExecution({ data, now, refreshing, onRefresh }: LoadedExecutionProps) {
  const runId = data.run_id;
  const actions = useExecutionActions(data);
  const active = !isFinalStatus(data.status);
  return (
    <>
      <title>{`${data.name} (${runId}) · Baton`}</title>
      <PageHeader
        title={
          <>
            Execution <span style={{ fontFamily: monospace }}>{runId}</span>
          </>
        }
        subtitle={
          <Box component="span" sx={{ display: "inline-flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
            <span>{data.name}</span>
            <span aria-hidden>·</span>
            <ExecutionTypeLabel type={data.type} />
          </Box>
        }
        actions={
          <>
            {actions.buttons}
            <Button startIcon={<Refresh />} onClick={onRefresh} disabled={refreshing}>
              Refresh
            </Button>
            {backButton}
          </>
        }
      />
      {actions.messages ? <Box sx={{ display: "grid", gap: 1, mb: 2, "&:empty": { display: "none" } }}>{actions.messages}</Box> : null}
      <Paper variant="outlined" sx={{ p: 2.5, mb: 2 }} component="section" aria-label="Execution status">
        <Typography variant="h2" component="div" sx={{ mb: 1.5 }} role="status" aria-live="polite">
          <StatusLabel status={data.status} text={data.status_text} size="large" />
        </Typography>
        <Relations execution={data} />
        {data.status === Status.BLOCKED ? (
          <Alert severity="warning" variant="outlined" sx={{ mb: 1.5 }}>
            A task ended abnormally and no successor handles that. Open the task below and restart it (the workflow goes on when it
            ends OK), or cancel the workflow.
          </Alert>
        ) : null}
        <DetailList items={detailItems(data, now)} />
      </Paper>
      {HAS_TASKS.has(data.type) ? (
        <Paper variant="outlined" sx={{ p: 2.5, mb: 2 }} component="section" aria-labelledby="tasks-heading">
          <Typography variant="h2" id="tasks-heading" sx={{ mb: 1 }}>
            Tasks
          </Typography>
          <TasksTable runId={runId} type={data.type} active={active} />
        </Paper>
      ) : null}
      <Paper variant="outlined" sx={{ p: 2.5, mb: 2 }} component="section" aria-labelledby="variables-heading">
        <Typography variant="h2" id="variables-heading" sx={{ mb: 1 }}>
          Variables
        </Typography>
        <VariablesSection runId={runId} />
      </Paper>
      <Paper variant="outlined" sx={{ p: 2.5 }} component="section" aria-labelledby="reports-heading">
        <Typography variant="h2" id="reports-heading" sx={{ mb: 1 }}>
          Reports
        </Typography>
        <ReportViewer runId={runId} status={data.status} active={active} />
      </Paper>
    </>
  );
}
