import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import Box from "@mui/material/Box";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Typography from "@mui/material/Typography";
import { ErrorAlert } from "../../../components/error-alert";
import { LoadingState } from "../../../components/loading-state";
import { MonoBlock } from "../../../components/mono-block";
import { useCurrentSession } from "../../../lib/session-context";
import { formatDateTime } from "../../../lib/format";
import { useReportText, useReports } from "../api/get-reports";
import { executionKeys } from "../api/keys";

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

interface ReportViewerProps {
  runId: number;
  status: number;
  active: boolean;
}

/** The execution's reports as tabs (REP first); re-read while it runs and when its status changes. */
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
  const text = useReportText(runId, selected, active);
  const selectedReport = reports.data?.find((r) => r.type === selected);

  if (reports.isPending) return <LoadingState label="Loading reports…" />;
  if (reports.isError) return <ErrorAlert error={reports.error} context="Could not load the reports" onRetry={() => void reports.refetch()} />;
  if (selected === null) {
    return (
      <Typography color="text.secondary" sx={{ py: 2 }}>
        {active ? "No report yet. It appears here as soon as the execution writes one." : "This execution has no reports."}
      </Typography>
    );
  }

  return (
    <Box>
      <Tabs
        value={selected}
        onChange={(_, value: string) =>
          setParams(
            (current) => {
              const next = new URLSearchParams(current);
              next.set("report", value);
              return next;
            },
            { replace: true },
          )
        }
        aria-label="Report types"
        sx={{ mb: 1.5, borderBottom: 1, borderColor: "divider" }}
      >
        {types.map((type) => (
          <Tab
            key={type}
            value={type}
            id={`report-tab-${type}`}
            aria-controls={`report-panel-${type}`}
            label={REPORT_NAMES[type] ? `${type} · ${REPORT_NAMES[type]}` : type}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`report-panel-${selected}`} aria-labelledby={`report-tab-${selected}`}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {active ? "Refreshing while the execution runs." : selectedReport ? `Written ${formatDateTime(selectedReport.end_timestamp)}.` : null}
        </Typography>
        {text.isPending ? (
          <LoadingState label={`Loading the ${selected} report…`} />
        ) : text.isError ? (
          <ErrorAlert error={text.error} context={`Could not load the ${selected} report`} onRetry={() => void text.refetch()} />
        ) : (
          <MonoBlock label={`${selected} report`}>{text.data === "" ? "(empty)" : text.data}</MonoBlock>
        )}
      </Box>
    </Box>
  );
}
