import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { formatDateTime, formatDuration } from "../../../lib/format";
import type { RuntimeTrend as Trend, TrendPoint } from "./runtime-trend-model";

/** Where the trend ends: the next run, of which only the ERT is known. */
interface NextPoint {
  label: string;
  ert: number;
}

const NEXT_LABEL = "next";

const CHART_HEIGHT = 240;
const axisColor = "var(--mui-palette-text-secondary)";
const axisStyle = { fontSize: 12, fill: axisColor };

/** What the chart shows, in words: for those who do not see it, and as the numbers to quote. */
function summary(name: string, trend: Trend): string {
  const { points, medianOk, nextErt } = trend;
  const runtimes = points.map((p) => p.runtime);
  const [low, high] = [formatDuration(Math.min(...runtimes)), formatDuration(Math.max(...runtimes))];
  const range = low === high ? `runtime ${low} each` : `runtimes from ${low} to ${high}`;
  const notOk = points.filter((p) => p.notOk !== undefined).length;
  return [
    `${points.length} ended run${points.length === 1 ? "" : "s"} of ${name}: ${range}`,
    medianOk === undefined ? "none ended OK" : `median of those that ended OK ${formatDuration(medianOk)}`,
    notOk > 0 ? `${notOk} ended not OK` : undefined,
    nextErt === undefined ? "no ERT yet" : `ERT of the next run ${formatDuration(nextErt)}`,
  ]
    .filter((part) => part !== undefined)
    .join("; ")
    .concat(".");
}

function TrendTooltip({ active, payload }: { active?: boolean; payload?: ReadonlyArray<{ payload?: TrendPoint | NextPoint }> }) {
  const point = payload?.[0]?.payload;
  if (!active || point === undefined) return null;
  const box = { bgcolor: "background.paper", border: 1, borderColor: "divider", borderRadius: 1, p: 1, fontSize: "0.8rem" };
  if (!("runId" in point)) return <Box sx={box}>The next run starts with an ERT of {formatDuration(point.ert)}</Box>;
  return (
    <Box sx={box}>
      <div>
        <strong>Run {point.runId}</strong> · {point.statusText}
      </div>
      <div>Ended {formatDateTime(point.endTime)}</div>
      <div>Runtime {formatDuration(point.runtime)}</div>
      <div>ERT {formatDuration(point.ert)}</div>
    </Box>
  );
}

/**
 * Runtimes of an object's ended runs as bars, oldest left, split into "ended OK" and "ended not
 * OK" (the legend and tooltip say which, not only the colour), with the ERT each run was
 * activated with as a stepped line that ends at the ERT of the next run (the vendor's ERT
 * diagram likewise begins with the oldest runtime and ends with the next run's estimate).
 */
export function RuntimeTrend({ name, trend }: { name: string; trend: Trend }) {
  if (trend.points.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 2 }}>
        No run of {name} has ended yet; the trend appears with the first that does.
      </Typography>
    );
  }
  const data: Array<TrendPoint | NextPoint> = trend.nextErt === undefined ? trend.points : [...trend.points, { label: NEXT_LABEL, ert: trend.nextErt }];
  return (
    <Box component="figure" aria-label={`Runtime trend of ${name}`} sx={{ m: 0 }}>
      <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
        <ComposedChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid stroke="var(--mui-palette-divider)" strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" stroke={axisColor} tick={axisStyle} minTickGap={8} />
          <YAxis stroke={axisColor} tick={axisStyle} width={56} allowDecimals={false} tickFormatter={(value: number) => formatDuration(value)} />
          <Tooltip content={<TrendTooltip />} cursor={{ fill: "var(--mui-palette-action-hover)" }} />
          <Legend />
          <Bar dataKey="ok" name="Runtime, ended OK" stackId="runtime" fill="var(--mui-palette-success-main)" maxBarSize={28} isAnimationActive={false} />
          <Bar dataKey="notOk" name="Runtime, ended not OK" stackId="runtime" fill="var(--mui-palette-error-main)" maxBarSize={28} isAnimationActive={false} />
          <Line dataKey="ert" name="ERT at activation" type="stepAfter" stroke="var(--mui-palette-primary-main)" strokeWidth={2} strokeDasharray="6 3" dot={data.length <= 3} connectNulls isAnimationActive={false} />
        </ComposedChart>
      </ResponsiveContainer>
      <Typography component="figcaption" variant="body2" color="text.secondary">
        {summary(name, trend)}
      </Typography>
    </Box>
  );
}
