import { keepPreviousData, queryOptions, useQueries } from "@tanstack/react-query";
import type { MetricType, OutMetrics } from "@baton/contract";
import { callOperation } from "../../../lib/rest-operations";
import { useCurrentSession } from "../../../lib/session-context";
import { systemKeys } from "./keys";
import { METRICS_REFRESH_MS } from "./live-refresh";
import { reachesNow, timeFrameAt, type MetricsRange, type TimeFrame } from "./metrics-range";

/** GET /api/{client}/system/metrics: the sampled intervals of one type in a time frame, each with the type's values. */
export function getMetric(client: number, type: MetricType, frame: TimeFrame, signal?: AbortSignal): Promise<OutMetrics> {
  return callOperation("getSystemMetrics", { params: { client_id: client }, query: { type, time_frame_from: frame.from, time_frame_to: frame.to }, signal });
}

/** One series as read: the type, the frame asked for (the answer does not repeat it) and the entries answered. */
export interface MetricReading {
  type: MetricType;
  frame: TimeFrame;
  entries: OutMetrics;
}

async function readMetric(client: number, type: MetricType, frame: TimeFrame, signal?: AbortSignal): Promise<MetricReading> {
  return { type, frame, entries: await getMetric(client, type, frame, signal) };
}

/** The frame is taken when the request goes out, so a relative range slides at each refresh while its key stays the same. */
export function metricQueryOptions(client: number, type: MetricType, range: MetricsRange, enabled = true) {
  return queryOptions({
    enabled,
    queryKey: systemKeys.metric(client, type, range),
    queryFn: ({ signal }) => readMetric(client, type, timeFrameAt(range, Date.now()), signal),
    placeholderData: keepPreviousData,
    refetchInterval: () => (reachesNow(range, Date.now()) ? METRICS_REFRESH_MS : false),
  });
}

export interface MetricSeries {
  /** One entry per asked type, in the order asked; undefined until all have arrived. */
  series: MetricReading[] | undefined;
  isPending: boolean;
  isFetching: boolean;
  error: Error | null;
  refetch: () => void;
}

/** The series one chart draws, read together: the endpoint answers one type per call. Not read while `enabled` is false (a range the server refuses). */
export function useMetricSeries(types: readonly MetricType[], range: MetricsRange, enabled: boolean): MetricSeries {
  const { client } = useCurrentSession();
  return useQueries({
    queries: types.map((type) => metricQueryOptions(client, type, range, enabled)),
    combine: (results) => {
      const series = results.map((result) => result.data).filter((data): data is MetricReading => data !== undefined);
      return {
        series: series.length === results.length ? series : undefined,
        isPending: results.some((result) => result.isPending),
        isFetching: results.some((result) => result.isFetching),
        error: results.find((result) => result.error !== null)?.error ?? null,
        refetch: () => {
          for (const result of results) void result.refetch();
        },
      };
    },
  });
}
