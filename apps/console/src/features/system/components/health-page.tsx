import { useSearchParams } from "react-router";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import FormControlLabel from "@mui/material/FormControlLabel";
import Switch from "@mui/material/Switch";
import type { OutHealthCheck } from "@baton/contract";
import type { ApiError, ApiProblem } from "../../../lib/api-client";
import { describeError } from "../../../lib/describe-error";
import { ErrorAlert } from "../../../components/error-alert";
import { LoadingState } from "../../../components/loading-state";
import { PageHeader } from "../../../components/page-header";
import { formatDateTime } from "../../../lib/format";
import { replaceSearchParams } from "../../../lib/search-params";
import { useDataNow } from "../../../lib/use-now";
import { useHealth } from "../api/get-health";
import { HEALTH_REFRESH_MS } from "../api/live-refresh";
import { PROCESS_KINDS, missingProcesses } from "./process-kinds";
import { ProcessCard } from "./process-card";

function Down({ reason }: { reason: ApiProblem }) {
  return (
    <Alert severity="error" variant="outlined" role="status" aria-label="Overall health" sx={{ mb: 2 }}>
      <AlertTitle>Baton is DOWN</AlertTitle>
      {reason.message} {reason.details} Jobs do not start until the scheduler runs again; look at the server log.
    </Alert>
  );
}

function Overall({ health }: { health: OutHealthCheck }) {
  const missing = missingProcesses(health);
  const active = health.count_active_executions;
  const executions = active === undefined ? null : `Active executions (not ended yet): ${active}.`;
  return (
    <Alert severity={health.status === "UP" ? "success" : "error"} variant="outlined" role="status" aria-label="Overall health" sx={{ mb: 2 }}>
      <AlertTitle>{health.status === "UP" ? "Baton is UP" : "Baton is DOWN"}</AlertTitle>
      {health.status === "UP" ? "Every process the engine needs is running." : `Not running: ${missing.join(", ") || "a required process"}. Jobs do not start until it runs again; look at the server log of that process.`} {executions}
    </Alert>
  );
}

/** The plain health is for every user, its details are not: say what is missing, not that the engine is down. */
function DetailsRefused({ refusal }: { refusal: ApiError }) {
  return (
    <Alert severity="info" variant="outlined" role="note" aria-label="Health details" sx={{ mb: 2 }}>
      <AlertTitle>Details are not shown to your user</AlertTitle>
      You see whether Baton is up and how many instances of each process run. Each instance, its connections and the count of active executions are details. {describeError(refusal).hint}
    </Alert>
  );
}

/** The overall state, then one card per process kind; instances only when asked for (and allowed: else `refusal` says why not). */
function Processes({ check, details, refusal, now }: { check: OutHealthCheck; details: boolean; refusal: ApiError | null; now: number }) {
  return (
    <>
      <Overall health={check} />
      {refusal ? <DetailsRefused refusal={refusal} /> : null}
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: "repeat(auto-fill, minmax(340px, 1fr))" }}>
        {PROCESS_KINDS.map((kind) => {
          const process = check[kind.key];
          return <ProcessCard key={kind.key} kind={kind} process={details ? process : { status: process.status, instancesRunning: process.instancesRunning }} now={now} />;
        })}
      </Box>
    </>
  );
}

/** /system/health: whether the engine runs, per process kind, read again every 5 seconds; `?details=true` lists each instance. */
export function HealthPage() {
  const [params, setParams] = useSearchParams();
  const health = useHealth();
  const refusal = health.data?.detailsRefused ?? null;
  const details = params.get("details") === "true" && refusal === null;
  const now = useDataNow(1000);
  return (
    <>
      <PageHeader
        title="Health"
        subtitle={health.dataUpdatedAt ? `Read at ${formatDateTime(new Date(health.dataUpdatedAt).toISOString())}; refreshed every ${HEALTH_REFRESH_MS / 1000} seconds.` : undefined}
        actions={<FormControlLabel control={<Switch checked={details} disabled={refusal !== null} onChange={(e) => replaceSearchParams(setParams, { details: e.target.checked ? "true" : null })} />} label="Show instances" />}
      />
      {health.isPending ? <LoadingState label="Asking the engine how it is…" /> : null}
      {health.error ? (
        <ErrorAlert
          error={health.error}
          context={health.data ? "The health could not be read again; below is the last answer." : "Could not read the health"}
          hint="The engine may be down or unreachable. Check that the server runs; this page retries on its own."
          onRetry={() => void health.refetch()}
        />
      ) : null}
      {health.data && health.data.check === null ? <Down reason={health.data.reason} /> : null}
      {health.data?.check ? <Processes check={health.data.check} details={details} refusal={refusal} now={now} /> : null}
    </>
  );
}
