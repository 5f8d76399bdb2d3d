import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Typography from "@mui/material/Typography";
import Download from "@mui/icons-material/Download";
import type { OutReport } from "@baton/contract";
import { ErrorAlert } from "../../../components/error-alert";
import { RefreshErrorAlert } from "../../../components/refresh-error-alert";
import { LoadingState } from "../../../components/loading-state";
import { formatDateTime } from "../../../lib/format";
import { saveFile } from "../../../lib/save-file";
import { replaceSearchParams } from "../../../lib/search-params";
import { useCurrentSession } from "../../../lib/session-context";
import { pageReader, readWholeReport } from "../../../lib/report-pages";
import { useReportPage, useReportTail } from "../api/get-report-pages";
import { useReports } from "../api/get-reports";
import { executionKeys } from "../api/keys";
import { PageControls, SearchControls } from "./report-controls";
import { ReportText } from "./report-text";
import { useReportSearch } from "./use-report-search";

const REPORT_ORDER = ["REP", "ACT", "POST", "LOG"];
const REPORT_NAMES: Record<string, string> = {
  REP: "Job output",
  ACT: "Activation",
  POST: "Post processing",
  LOG: "Agent log",
};

function orderOf(type: string): number {
  const index = REPORT_ORDER.indexOf(type);
  return index < 0 ? REPORT_ORDER.length : index;
}

/** `report_page` of the URL: a page number, or null for the tail (the last page, followed while it grows). */
function requestedPage(raw: string | null): number | null {
  if (raw === null || !/^\d{1,9}$/.test(raw)) return null;
  const page = Number(raw);
  return page >= 1 ? page : null;
}

interface ReportViewerProps {
  runId: number;
  status: number;
  active: boolean;
}

/**
 * The execution's reports as tabs (REP first). Each opens at its tail and follows it while the
 * execution runs; pages, search and download work on reports of any length. Type and page are in
 * the URL (`report`, `report_page`).
 */
export function ReportViewer({ runId, status, active }: ReportViewerProps) {
  const { client } = useCurrentSession();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const reports = useReports(runId, active);

  // Status changes normally come with the event stream, which refreshes reports itself;
  // this covers changes seen through a plain refetch.
  const seenStatus = useRef(status);
  useEffect(() => {
    if (seenStatus.current === status) return;
    seenStatus.current = status;
    void queryClient.invalidateQueries({ queryKey: executionKeys.reports(client, runId) });
  }, [status, client, runId, queryClient]);

  const types = [...new Set((reports.data ?? []).map((r) => r.type))].sort((a, b) => orderOf(a) - orderOf(b) || a.localeCompare(b));
  const requested = params.get("report");
  const selected = requested !== null && types.includes(requested) ? requested : (types[0] ?? null);

  if (reports.isPending) return <LoadingState label="Loading reports…" />;
  if (reports.isLoadingError) return <ErrorAlert error={reports.error} context="Could not load the reports" onRetry={() => void reports.refetch()} />;
  if (selected === null) {
    return (
      <Typography color="text.secondary" sx={{ py: 2 }}>
        {active ? "No report yet. It appears here as soon as the execution writes one." : "This execution has no reports."}
      </Typography>
    );
  }

  return (
    <Box>
      <RefreshErrorAlert query={reports} what="the reports" />
      <Tabs
        value={selected}
        onChange={(_, value: string) => replaceSearchParams(setParams, { report: value, report_page: null })}
        aria-label="Report types"
        sx={{ mb: 1.5, borderBottom: 1, borderColor: "divider" }}
      >
        {types.map((type) => (
          <Tab key={type} value={type} id={`report-tab-${type}`} aria-controls={`report-panel-${type}`} label={REPORT_NAMES[type] ? `${type} · ${REPORT_NAMES[type]}` : type} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`report-panel-${selected}`} aria-labelledby={`report-tab-${selected}`}>
        {/* Keyed by type: search and scroll position belong to one report. */}
        <ReportPanel key={selected} runId={runId} type={selected} active={active} report={reports.data.find((r) => r.type === selected)} />
      </Box>
    </Box>
  );
}

interface ReportPanelProps {
  runId: number;
  type: string;
  active: boolean;
  report: OutReport | undefined;
}

function ReportPanel({ runId, type, active, report }: ReportPanelProps) {
  const { client } = useCurrentSession();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const tail = useReportTail(runId, type, active);
  const lastPage = tail.data?.page ?? 0;
  const requested = requestedPage(params.get("report_page"));
  // A page at or past the last one is the tail.
  const explicit = requested !== null && requested < lastPage ? requested : null;
  const paged = useReportPage(runId, type, explicit);
  const shown = explicit === null ? tail : paged;
  const page = explicit ?? lastPage;
  const following = explicit === null && active;
  const text = shown.data?.content ?? "";

  const goTo = (target: number) => replaceSearchParams(setParams, { report_page: target >= lastPage ? null : String(Math.max(1, target)) });

  const search = useReportSearch({
    text,
    page,
    lastPage,
    read: pageReader(client, runId, type),
    showPage: (found) => {
      if (found.page < lastPage) queryClient.setQueryData(executionKeys.reportPage(client, runId, type, found.page), found);
      goTo(found.page);
    },
  });

  const download = useMutation({
    mutationFn: () => readWholeReport(pageReader(client, runId, type)),
    onSuccess: (whole) => saveFile(`${runId}-${type}.txt`, whole),
  });

  let note: string;
  if (following) note = "Following the end of the report while the execution runs.";
  else if (explicit !== null) note = "An earlier page; the last page follows a running report.";
  else note = report ? `Written ${formatDateTime(report.end_timestamp)}.` : "";

  return (
    <>
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 2, flexWrap: "wrap", mb: 1 }}>
        <SearchControls query={search.query} onQuery={search.setQuery} status={search.status} onStep={search.step} busy={search.busy} />
        <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
          {lastPage > 1 ? <PageControls page={page} lastPage={lastPage} onPage={goTo} /> : null}
          <Button startIcon={<Download />} onClick={() => download.mutate()} loading={download.isPending} loadingPosition="start" disabled={lastPage === 0}>
            Download
          </Button>
        </Box>
      </Box>
      {download.isError ? (
        <Box sx={{ mb: 1 }}>
          <ErrorAlert error={download.error} context={`Could not download the ${type} report`} onRetry={() => download.mutate()} dense />
        </Box>
      ) : null}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {note}
      </Typography>
      {shown.isPending ? (
        <LoadingState label={`Loading the ${type} report…`} />
      ) : shown.isError && shown.data === undefined ? (
        // A failed re-read while following keeps the text already shown; only a first read that failed replaces it.
        <ErrorAlert error={shown.error} context={`Could not load the ${type} report`} onRetry={() => void shown.refetch()} />
      ) : (
        <ReportText key={explicit ?? "tail"} label={`${type} report`} text={text} matches={search.matches} current={search.current} follow={explicit === null} />
      )}
    </>
  );
}
