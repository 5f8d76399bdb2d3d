import { useState } from "react";
import { Link as RouterLink } from "react-router";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import Add from "@mui/icons-material/Add";
import Timeline from "@mui/icons-material/Timeline";
import ViewTimelineOutlined from "@mui/icons-material/ViewTimelineOutlined";
import { FORECAST_TYPES } from "@baton/contract";
import { EmptyState } from "../../../components/empty-state";
import { ErrorAlert } from "../../../components/error-alert";
import { LoadingState } from "../../../components/loading-state";
import { PageHeader } from "../../../components/page-header";
import { RefusalNote } from "../../../components/refusal-note";
import { usePrivilegeRefusal } from "../../../lib/permissions";
import { useForecasts } from "../api/get-forecasts";
import { CreateForecastDialog } from "./create-forecast-dialog";
import { ForecastActionDialog, type ForecastAction } from "./forecast-dialogs";
import { ForecastsTable } from "./forecasts-table";
import { useForecastFilters } from "./use-forecast-filters";

function ForecastFilterBar() {
  const { filters, set } = useForecastFilters();
  return (
    <Stack direction="row" spacing={2} sx={{ mb: 2, flexWrap: "wrap" }} role="search" aria-label="Forecast filters">
      <TextField size="small" label="Title" value={filters.title} onChange={(e) => set({ title: e.target.value })} helperText="* and ? match any text and one character" />
      <TextField size="small" select label="Kind" value={filters.type} onChange={(e) => set({ type: FORECAST_TYPES.find((t) => t === e.target.value) ?? "" })} sx={{ minWidth: 160 }}>
        <MenuItem value="">All</MenuItem>
        <MenuItem value="FCST">Forecasts (FCST)</MenuItem>
        <MenuItem value="AFCST">Autoforecast (AFCST)</MenuItem>
      </TextField>
    </Stack>
  );
}

function ForecastsList({ onAction }: { onAction: (action: ForecastAction) => void }) {
  const { filters } = useForecastFilters();
  const forecasts = useForecasts(filters);
  if (forecasts.isPending) return <LoadingState label="Loading forecasts…" />;
  if (forecasts.isError) return <ErrorAlert error={forecasts.error} context="Could not load the forecasts" onRetry={() => void forecasts.refetch()} />;
  const { data, total, hasmore } = forecasts.data;
  if (data.length === 0) return <EmptyState icon={<Timeline />} title="No forecasts match">Create one, or change the filters.</EmptyState>;
  return (
    <>
      <ForecastsTable forecasts={data} onAction={onAction} />
      {hasmore ? (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          Showing the {data.length} latest of {total}; narrow the filters to see older ones.
        </Typography>
      ) : null}
    </>
  );
}

/** /forecasts: the forecasts of the client, newest first, with the filters in the URL. New forecast is off, saying why, without the FORECASTS privilege. */
export function ForecastsPage() {
  const [creating, setCreating] = useState(false);
  const createRefusal = usePrivilegeRefusal("FORECASTS", "forecasts");
  const [action, setAction] = useState<ForecastAction | null>(null);
  return (
    <>
      <PageHeader
        title="Forecasts"
        subtitle="What would run, when and where: ask for an object, a running execution or the whole client."
        actions={
          <>
            <Button component={RouterLink} to="/forecasts/agents" startIcon={<ViewTimelineOutlined />}>
              Agent gaps
            </Button>
            <Button variant="contained" startIcon={<Add />} disabled={createRefusal !== undefined} aria-describedby={createRefusal?.id} onClick={() => setCreating(true)}>
              New forecast
            </Button>
          </>
        }
      />
      {createRefusal ? (
        <Box sx={{ mb: 2 }}>
          <RefusalNote refusal={createRefusal} />
        </Box>
      ) : null}
      <ForecastFilterBar />
      <Paper variant="outlined" sx={{ overflowX: "auto" }}>
        <ForecastsList onAction={setAction} />
      </Paper>
      <CreateForecastDialog open={creating} onClose={() => setCreating(false)} />
      <ForecastActionDialog action={action} onClose={() => setAction(null)} />
    </>
  );
}
