import { Link as RouterLink, useParams } from "react-router";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import ArrowBack from "@mui/icons-material/ArrowBack";
import Refresh from "@mui/icons-material/Refresh";
import SearchOff from "@mui/icons-material/SearchOff";
import { isFinalStatus, type OutExecution } from "@baton/contract";
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
    { label: "Type", value: execution.sub_type ? `${execution.type} (${execution.sub_type})` : execution.type },
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
  if (execution.parent) items.push({ label: "Parent", value: runLink(execution.parent) });
  if (execution.reference_run_id) items.push({ label: "Restart of", value: runLink(execution.reference_run_id) });
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

  const data = execution.data;
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
        subtitle={`${data.name} · ${data.type}`}
        actions={
          <>
            <Button startIcon={<Refresh />} onClick={() => void execution.refetch()} disabled={execution.isFetching}>
              Refresh
            </Button>
            {backButton}
          </>
        }
      />
      <Paper variant="outlined" sx={{ p: 2.5, mb: 2 }} component="section" aria-label="Execution status">
        <Typography variant="h2" component="div" sx={{ mb: 1.5 }} role="status" aria-live="polite">
          <StatusLabel status={data.status} text={data.status_text} size="large" />
        </Typography>
        <DetailList items={detailItems(data, now)} />
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
