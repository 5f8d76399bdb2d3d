import Box from "@mui/material/Box";
import { METRIC_TYPES } from "@baton/contract";
import { ErrorAlert } from "../../../components/error-alert";
import { PageHeader } from "../../../components/page-header";
import { isApiError } from "../../../lib/api-client";
import { useMetricSeries } from "../api/get-metrics";
import { METRICS_REFRESH_MS } from "../api/live-refresh";
import { rangeProblem } from "../api/metrics-range";
import { METRIC_CHARTS } from "./metric-charts";
import { MetricChartCard } from "./metric-chart-card";
import { TimeRangePicker } from "./time-range-picker";
import { useMetricsRange } from "./use-metrics-range";

/** /system/metrics: the engine's per-minute samples as charts, for the range in the URL (`?last=6h` or `?from=…&to=…`). */
export function MetricsPage() {
  const { range, setRange } = useMetricsRange();
  const problem = rangeProblem(range, Date.now());
  // The queries the charts read (they draw every type, metric-charts.test.ts), not sent twice: a
  // refusal is said once for the screen, naming the privilege the engine names, not once per chart.
  const all = useMetricSeries(METRIC_TYPES, range, problem === null);
  const refused = isApiError(all.error, 403);
  return (
    <>
      <PageHeader title="Metrics" subtitle={`One sample a minute, times in your time zone. Ranges that reach now are read again every ${METRICS_REFRESH_MS / 1000} seconds.`} />
      {refused ? (
        <ErrorAlert error={all.error} context="Your user may not see the metrics" />
      ) : (
        <>
          <TimeRangePicker range={range} onChange={setRange} problem={problem} />
          <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: "repeat(auto-fill, minmax(480px, 1fr))" }}>
            {METRIC_CHARTS.map((chart) => (
              <MetricChartCard key={chart.id} chart={chart} range={range} enabled={problem === null} />
            ))}
          </Box>
        </>
      )}
    </>
  );
}
