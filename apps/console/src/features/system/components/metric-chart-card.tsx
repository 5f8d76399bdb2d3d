import { useId } from "react";
import { Area, AreaChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import LinearProgress from "@mui/material/LinearProgress";
import Typography from "@mui/material/Typography";
import { ErrorAlert } from "../../../components/error-alert";
import { formatDateTime } from "../../../lib/format";
import { useMetricSeries, type MetricReading } from "../api/get-metrics";
import type { MetricsRange } from "../api/metrics-range";
import { formatSample, latestSample, metricRows, timeTickLabel, timeTicks, type ChartLine, type MetricChart } from "./metric-charts";

const CHART_HEIGHT = 220;

const toneColor = (tone: ChartLine["tone"]): string => `var(--mui-palette-${tone}-main)`;

/** The newest value of each line in words: what the chart shows, for those who do not see it. */
function Summary({ chart, series }: { chart: MetricChart; series: readonly MetricReading[] }) {
  const parts = chart.lines.map((line, index) => {
    const latest = series[index] ? latestSample(series[index]) : null;
    return latest === null ? null : `${line.label} ${formatSample(latest.value)}`;
  });
  const newest = Math.max(...series.map((s) => latestSample(s)?.time ?? 0));
  if (parts.every((part) => part === null)) return null;
  return (
    <Typography variant="body2" color="text.secondary">
      Latest ({chart.unit}, {formatDateTime(new Date(newest).toISOString())}): {parts.filter((part) => part !== null).join(", ")}
    </Typography>
  );
}

function Chart({ chart, series }: { chart: MetricChart; series: readonly MetricReading[] }) {
  const rows = metricRows(series);
  const first = series[0];
  const from = first ? Date.parse(first.frame.from) : 0;
  const to = first ? Date.parse(first.frame.to) : 0;
  if (rows.length === 0) {
    return (
      <Box sx={{ height: CHART_HEIGHT, display: "grid", placeItems: "center", textAlign: "center", color: "text.secondary", border: 1, borderColor: "divider", borderStyle: "dashed", borderRadius: 1, px: 2 }}>
        No samples yet in this range. The engine records one sample a minute; choose a longer range or wait for the next minute.
      </Box>
    );
  }
  // Legend and tooltip list the lines in the chart's order, not alphabetically.
  const order = (dataKey: unknown) => chart.lines.findIndex((line) => line.type === dataKey);
  // The theme's CSS variables, so lines and labels follow the light or dark scheme.
  const axisColor = "var(--mui-palette-text-secondary)";
  const axisStyle = { fontSize: 12, fill: axisColor };
  const common = {
    data: rows,
    margin: { top: 8, right: 16, bottom: 0, left: 0 },
  };
  const axes = (
    <>
      <CartesianGrid stroke="var(--mui-palette-divider)" strokeDasharray="3 3" />
      <XAxis dataKey="time" type="number" scale="time" domain={[from, to]} ticks={timeTicks(from, to)} tickFormatter={(time: number) => timeTickLabel(time, to - from)} stroke={axisColor} tick={axisStyle} />
      <YAxis allowDecimals={chart.unit === "ms" || chart.unit === "%"} stroke={axisColor} tick={axisStyle} width={48} />
      <Tooltip
        labelFormatter={(time) => formatDateTime(new Date(Number(time)).toISOString())}
        formatter={(value) => (typeof value === "number" ? formatSample(value) : value)}
        itemSorter={(item) => order(item.dataKey)}
        contentStyle={{ background: "var(--mui-palette-background-paper)", borderColor: "var(--mui-palette-divider)" }}
      />
      <Legend itemSorter={(item) => order(item.dataKey)} />
    </>
  );
  // Straight lines between minutes: a curve would show values nobody measured. Few points draw as
  // dots, so a single sample is visible at all.
  const dot = rows.length <= 3;
  return (
    <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
      {chart.shape === "area" ? (
        <AreaChart {...common}>
          {axes}
          {chart.lines.map((line) => (
            <Area key={line.type} dataKey={line.type} name={line.label} type="linear" stroke={toneColor(line.tone)} fill={toneColor(line.tone)} fillOpacity={0.15} strokeDasharray={line.dash} dot={dot} connectNulls isAnimationActive={false} />
          ))}
        </AreaChart>
      ) : (
        <LineChart {...common}>
          {axes}
          {chart.lines.map((line) => (
            <Line key={line.type} dataKey={line.type} name={line.label} type="linear" stroke={toneColor(line.tone)} strokeWidth={2} strokeDasharray={line.dash} dot={dot} connectNulls isAnimationActive={false} />
          ))}
        </LineChart>
      )}
    </ResponsiveContainer>
  );
}

/** One dashboard: its series read together for the range, drawn, and summed up in words. */
export function MetricChartCard({ chart, range, enabled }: { chart: MetricChart; range: MetricsRange; enabled: boolean }) {
  const titleId = useId();
  const metrics = useMetricSeries(
    chart.lines.map((line) => line.type),
    range,
    enabled,
  );
  return (
    <Card variant="outlined" component="figure" aria-labelledby={titleId} sx={{ m: 0 }}>
      <CardContent>
        <Typography variant="h2" id={titleId} sx={{ fontSize: "1.1rem", mb: 1 }}>
          {chart.title}
        </Typography>
        {metrics.isFetching ? <LinearProgress aria-label={`Loading ${chart.title}`} sx={{ mb: 1 }} /> : <Box sx={{ height: 4, mb: 1 }} />}
        {enabled ? null : <Typography color="text.secondary">Correct the time range above to see this chart.</Typography>}
        {metrics.error ? <ErrorAlert dense error={metrics.error} context={`Could not read ${chart.title.toLowerCase()}`} onRetry={metrics.refetch} /> : null}
        {enabled && metrics.series ? (
          <>
            <Chart chart={chart} series={metrics.series} />
            <Summary chart={chart} series={metrics.series} />
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
