import { METRIC_TYPES, type MetricQueryType, type MetricType, type VendorMetricType } from "@baton/contract";

/** What one metric type answers: its `values` by name, each read from a stored series, and the process kind it is told as. */
export interface MetricTypeReading {
  values: Readonly<Record<string, MetricType>>;
  srvType: string;
}

/**
 * The vendor's metric types read from Baton's series. Baton has no message queues or work
 * process threads; each type answers what plays its part here (docs/decisions.md, "Vendor wire
 * behaviour"): the work done (MsgDist), busy and database time (TimevsDB), the executions
 * waiting to be worked on (MQCount, MQLength), how long API requests took (MsgTime), how busy
 * the nodes were (BusyValues) and the API's share of it (JwpThreadUtilization).
 */
const VENDOR_READINGS: Readonly<Record<VendorMetricType, MetricTypeReading>> = {
  MsgDist: { srvType: "WP", values: { executions_started: "executions_started", executions_ended_ok: "executions_ended_ok", executions_ended_not_ok: "executions_ended_not_ok", api_requests: "api_requests" } },
  TimevsDB: { srvType: "WP", values: { time: "busy_ms", db: "db_ms" } },
  MQCount: { srvType: "WP", values: { active_executions: "active_executions", waiting_executions: "waiting_executions" } },
  MQLength: { srvType: "WP", values: { waiting_executions: "waiting_executions" } },
  MsgTime: { srvType: "JWP", values: { mean_ms: "api_latency_mean_ms", p50_ms: "api_latency_p50_ms", p99_ms: "api_latency_p99_ms" } },
  BusyValues: { srvType: "WP", values: { busy: "busy_percent" } },
  JwpThreadUtilization: { srvType: "JWP", values: { utilization: "busy_percent", requests: "api_requests" } },
};

function isBatonSeries(type: MetricQueryType): type is MetricType {
  return METRIC_TYPES.some((series) => series === type);
}

/** How a metric type is answered: a vendor type by its reading, one of Baton's series as itself. */
export function metricTypeReading(type: MetricQueryType): MetricTypeReading {
  return isBatonSeries(type) ? { srvType: "WP", values: { [type]: type } } : VENDOR_READINGS[type];
}
