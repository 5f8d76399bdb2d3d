import { Suspense, lazy, type ReactNode } from "react";
import { Link as RouterLink, useParams, useSearchParams } from "react-router";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import ArrowBack from "@mui/icons-material/ArrowBack";
import Refresh from "@mui/icons-material/Refresh";
import SearchOff from "@mui/icons-material/SearchOff";
import { isFinalStatus, type OutExecution } from "@baton/contract";
import { PageHeader } from "../../../components/page-header";
import { ErrorAlert } from "../../../components/error-alert";
import { RefreshErrorAlert } from "../../../components/refresh-error-alert";
import { EmptyState } from "../../../components/empty-state";
import { LoadingState } from "../../../components/loading-state";
import { isApiError } from "../../../lib/api-client";
import { replaceSearchParams } from "../../../lib/search-params";
import { monospace } from "../../../lib/theme";
import { useDataNow } from "../../../lib/use-now";
import { useComments } from "../api/get-comments";
import { useExecution } from "../api/get-execution";
import { useInsightUpdates } from "../api/insight-events";
import { CommentsSection } from "./comments-section";
import { ExecutionSummary } from "./execution-summary";
import { TAB_LABELS, selectedTab, tabsFor, type DetailTab } from "./execution-tabs";
import { ExecutionTree } from "./execution-tree";
import { ExecutionTypeLabel } from "./execution-type-label";
import { useExecutionActions } from "./execution-actions";
import { ReportViewer } from "./report-viewer";
import { RunGantt } from "./run-gantt";
import { VariablesSection } from "./variables-section";

// The graph library is large and only workflows have a graph: it loads when the tab is first opened.
const ErtGraph = lazy(async () => ({ default: (await import("./ert-graph")).ErtGraph }));

const backButton = (
  <Button component={RouterLink} to="/executions" startIcon={<ArrowBack />}>
    Back to executions
  </Button>
);

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
  useInsightUpdates();
  // The clock ticks for running runs and for those counting down to their planned start.
  const live = execution.data !== undefined && !isFinalStatus(execution.data.status) && (execution.data.start_time !== undefined || execution.data.planned_start_time !== undefined);
  const now = useDataNow(1000, live);

  if (execution.isPending) return <LoadingState label={`Loading execution ${runId}…`} />;
  if (execution.isLoadingError) {
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
  return (
    <LoadedExecution
      key={runId}
      data={execution.data}
      now={now}
      refreshing={execution.isFetching}
      onRefresh={() => void execution.refetch()}
      refreshFailure={<RefreshErrorAlert query={execution} what={`execution ${runId}`} />}
    />
  );
}

interface LoadedExecutionProps {
  data: OutExecution;
  now: number;
  refreshing: boolean;
  onRefresh: () => void;
  /** Shown under the header when a refresh failed: the page keeps the last answer. */
  refreshFailure: ReactNode;
}

function LoadedExecution({ data, now, refreshing, onRefresh, refreshFailure }: LoadedExecutionProps) {
  const runId = data.run_id;
  const actions = useExecutionActions(data);
  const [params, setParams] = useSearchParams();
  const tab = selectedTab(data, params.get("tab"));
  const comments = useComments(runId);
  const label = (value: DetailTab) => (value === "comments" && comments.data?.length ? `${TAB_LABELS.comments} (${comments.data.length})` : TAB_LABELS[value]);

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
      {refreshFailure}
      {actions.messages ? <Box sx={{ display: "grid", gap: 1, mb: 2, "&:empty": { display: "none" } }}>{actions.messages}</Box> : null}
      <ExecutionSummary execution={data} now={now} />
      <Paper variant="outlined" component="section" aria-label="Execution insight">
        <Tabs
          value={tab}
          onChange={(_, value: DetailTab) => replaceSearchParams(setParams, { tab: value })}
          aria-label="Execution views"
          variant="scrollable"
          sx={{ borderBottom: 1, borderColor: "divider", px: 1 }}
        >
          {tabsFor(data).map((value) => (
            <Tab key={value} value={value} label={label(value)} id={`detail-tab-${value}`} aria-controls={`detail-panel-${value}`} />
          ))}
        </Tabs>
        <Box role="tabpanel" id={`detail-panel-${tab}`} aria-labelledby={`detail-tab-${tab}`} sx={{ p: 2.5 }}>
          <TabContent tab={tab} execution={data} />
        </Box>
      </Paper>
    </>
  );
}

/** Only the chosen tab is mounted: a closed tab reads nothing and keeps no queries active. */
function TabContent({ tab, execution }: { tab: DetailTab; execution: OutExecution }) {
  const active = !isFinalStatus(execution.status);
  switch (tab) {
    case "tasks":
      return <ExecutionTree runId={execution.run_id} type={execution.type} active={active} />;
    case "graph":
      return (
        <Suspense fallback={<LoadingState label="Loading the graph…" />}>
          <ErtGraph execution={execution} />
        </Suspense>
      );
    case "gantt":
      return <RunGantt execution={execution} />;
    case "reports":
      return <ReportViewer runId={execution.run_id} status={execution.status} active={active} />;
    case "comments":
      return <CommentsSection execution={execution} />;
    case "variables":
      return <VariablesSection runId={execution.run_id} />;
  }
}
