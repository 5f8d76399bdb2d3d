import { useState } from "react";
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from "react-router";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Timeline from "@mui/icons-material/Timeline";
import type { OutForecast } from "@baton/contract";
import { DateTime } from "../../../components/date-time";
import { DetailList, type DetailItem } from "../../../components/detail-list";
import { EmptyState } from "../../../components/empty-state";
import { ErrorAlert } from "../../../components/error-alert";
import { LoadingState } from "../../../components/loading-state";
import { PageHeader } from "../../../components/page-header";
import { RefreshErrorAlert } from "../../../components/refresh-error-alert";
import { isApiError } from "../../../lib/api-client";
import { replaceSearchParams } from "../../../lib/search-params";
import { FORECAST_DONE, isCalculating } from "../api/forecast-status";
import { useForecast } from "../api/get-forecast";
import { AutoforecastComputed } from "./autoforecast-computed";
import { ForecastActionDialog, type ForecastAction } from "./forecast-dialogs";
import { ForecastEntriesTable } from "./forecast-entries-table";
import { ForecastFailure } from "./forecast-failure";
import { ForecastGantt } from "./forecast-gantt";
import { ForecastStatusLabel } from "./forecast-status-label";

type View = "timeline" | "table";

function ForecastSummary({ forecast }: { forecast: OutForecast }) {
  const computed: DetailItem[] = forecast.type === "AFCST" ? [{ label: "Last computed", value: <AutoforecastComputed forecast={forecast} /> }] : [];
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} role="region" aria-label="Forecast summary">
      <DetailList
        items={[
          { label: "State", value: <ForecastStatusLabel forecast={forecast} /> },
          { label: "Kind", value: forecast.type === "AFCST" ? "Autoforecast" : "Forecast" },
          ...computed,
          { label: "Observed period", value: <><DateTime value={forecast.start_time} /> – <DateTime value={forecast.end_time} /></> },
          { label: "First start – last end", value: forecast.estimated_start ? <><DateTime value={forecast.estimated_start} /> – <DateTime value={forecast.estimated_end} /></> : "—" },
          { label: "Asked by", value: forecast.user },
          { label: "Entries", value: forecast.entries?.length ?? "—" },
        ]}
      />
    </Paper>
  );
}

function ForecastResult({ forecast }: { forecast: OutForecast }) {
  const [params, setParams] = useSearchParams();
  const view: View = params.get("view") === "table" ? "table" : "timeline";
  if (isCalculating(forecast)) return <LoadingState label="Calculating the forecast…" />;
  if (forecast.status !== FORECAST_DONE) return <ForecastFailure forecast={forecast} />;
  const entries = forecast.entries ?? [];
  if (entries.length === 0) return <EmptyState icon={<Timeline />} title="Nothing would run">The forecast found no task in its period.</EmptyState>;
  return (
    <>
      <Tabs value={view} onChange={(_e, value: View) => replaceSearchParams(setParams, { view: value === "table" ? "table" : null })} sx={{ mb: 2 }}>
        <Tab value="timeline" label="Timeline" />
        <Tab value="table" label="Table" />
      </Tabs>
      {view === "timeline" ? <ForecastGantt entries={entries} /> : <ForecastEntriesTable entries={entries} />}
    </>
  );
}

/** /forecasts/:id: state, periods and the entries as a timeline or a table; rename and delete. */
export function ForecastDetailPage() {
  const id = Number(useParams().id);
  const forecast = useForecast(id);
  const navigate = useNavigate();
  const [action, setAction] = useState<ForecastAction | null>(null);
  const back = (
    <Button component={RouterLink} to="/forecasts">
      All forecasts
    </Button>
  );
  if (!Number.isInteger(id) || id < 1 || isApiError(forecast.error, 404)) {
    return <EmptyState icon={<Timeline />} title="No such forecast" action={back}>It may have been deleted.</EmptyState>;
  }
  if (forecast.isPending) return <LoadingState label="Loading the forecast…" />;
  if (forecast.isLoadingError) return <ErrorAlert error={forecast.error} context="Could not load the forecast" onRetry={() => void forecast.refetch()} />;
  const data = forecast.data;
  return (
    <>
      <PageHeader
        title={data.title || `Forecast ${data.id}`}
        subtitle={`Forecast ${data.id}`}
        actions={
          <>
            {back}
            <Button onClick={() => setAction({ kind: "rename", forecast: data })}>Rename</Button>
            <Button color="error" onClick={() => setAction({ kind: "delete", forecast: data })}>
              Delete
            </Button>
          </>
        }
      />
      <RefreshErrorAlert query={forecast} what="the forecast" />
      <ForecastSummary forecast={data} />
      <ForecastResult forecast={data} />
      <ForecastActionDialog action={action} onClose={() => setAction(null)} onDeleted={() => void navigate("/forecasts")} />
    </>
  );
}
