import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import { metricsRangeFromSearch, metricsRangeToSearch, type MetricsRange } from "../api/metrics-range";

/** The metrics screen's time range lives in the URL; a change replaces the history entry. */
export function useMetricsRange(): { range: MetricsRange; setRange: (range: MetricsRange) => void } {
  const [params, setParams] = useSearchParams();
  const range = useMemo(() => metricsRangeFromSearch(params), [params]);
  const setRange = useCallback((next: MetricsRange) => setParams(metricsRangeToSearch(next), { replace: true }), [setParams]);
  return { range, setRange };
}
