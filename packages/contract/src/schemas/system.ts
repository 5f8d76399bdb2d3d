import { z } from "zod";
import { acceptClientSpellings } from "./client-spelling";
import { carries } from "../openapi/wire-types";
import { IsoDateTime, QueryFlag, QueryInt } from "./primitives";

/** An agent name: upper case letters, digits and `_ . $ @ # -`. */
export const AgentName = z.string().min(1).max(200).regex(/^[A-Z0-9_.$@#-]+$/, "must be an agent name (A-Z, 0-9, _ . $ @ # -)");

/** An agent name as clients may type it: upper-cased, then checked. */
export const AgentNameInput = z.string().transform((name) => name.toUpperCase()).pipe(AgentName);

/** OutAgent: an agent, connected (`active`) or not. `port` is null: Baton's agents connect out to the engine. */
export const OutAgent = z.object({
  name: z.string(),
  platform: z.string(),
  authenticated: z.boolean(),
  version: z.string(),
  hardware: z.string(),
  ip_address: z.string(),
  port: z.int().nullable(),
  software: z.string(),
  active: z.boolean(),
  linked: z.boolean(),
  /** Baton extension: the agent runs inside the engine (configured, not administered: no rename, delete or key). */
  in_process: z.boolean(),
  /**
   * Baton extension: the client's executions on the agent that have not ended (ANY_ACTIVE: running,
   * or waiting for a slot on it), the rows GET /executions?agent=NAME&status=ANY_ACTIVE lists.
   */
  running_jobs: z.int().min(0),
  /**
   * Baton extension: when the engine last heard from the agent (a heartbeat or any message; now
   * for agents inside the engine); absent for an agent that never connected.
   */
  last_heartbeat: IsoDateTime.optional(),
});
export type OutAgent = z.infer<typeof OutAgent>;

export const OutAgentList = z.object({ total: z.int(), data: z.array(OutAgent), hasmore: z.boolean() });
export type OutAgentList = z.infer<typeof OutAgentList>;

/** Filters of GET /system/agents: wildcards `*` and `?` in the text filters. */
export const AgentListQuery = z.object({
  max_results: QueryInt.pipe(z.int().min(1)).default(50),
  name: z.string().optional(),
  active: QueryFlag.optional(),
  ip_address: z.string().optional(),
  version: z.string().optional(),
  hardware: z.string().optional(),
  software: z.string().optional(),
  linked: QueryFlag.optional(),
  platform: z.string().optional(),
});
export type AgentListQuery = z.infer<typeof AgentListQuery>;

/** The platform templates an agent can be created from. */
export const AGENT_TEMPLATES = { "<UNIX>": "UNIX", "<WIN>": "WINDOWS" } as const;

/** InCreateAgentBody: a new agent, authenticated, that may connect with that name. */
export const InCreateAgentBody = acceptClientSpellings(z.object({
  name: AgentNameInput,
  template: z.enum(Object.keys(AGENT_TEMPLATES) as [keyof typeof AGENT_TEMPLATES, ...(keyof typeof AGENT_TEMPLATES)[]]),
}));
export type InCreateAgentBody = z.infer<typeof InCreateAgentBody>;

/** InRenameAgentBody: the agent's new name. */
export const InRenameAgentBody = acceptClientSpellings(z.object({ new_name: AgentNameInput }));
export type InRenameAgentBody = z.infer<typeof InRenameAgentBody>;

/** One agent group (HOSTG) with its mode and the agents its filters name now. */
export const OutAgentGroup = z.object({
  name: z.string(),
  title: z.string(),
  mode: z.enum(["A", "F", "N", "L", "X"]),
  /** Agents the group's filters match among the known agents, with whether each is connected. */
  agents: z.array(z.object({ name: z.string(), active: z.boolean() })),
});
export const OutAgentGroupList = z.object({ total: z.int(), data: z.array(OutAgentGroup), hasmore: z.boolean() });
export type OutAgentGroupList = z.infer<typeof OutAgentGroupList>;

/** One kind of process of the health check: PWP, WP, JWP, JCP, REST, CP. */
export const OutHealthProcess = z.object({
  status: z.enum(["UP", "DOWN"]),
  instancesRunning: z.int(),
  /** With `details`: each instance, its connections (agents for CP) and its last life sign. */
  available: z.array(z.object({ name: z.string(), count_of_connections: z.int(), last_life_sign: z.string() })).optional(),
});

/** OutHealthCheck: UP (200) when a PWP, a CP and a JWP run, else DOWN (503). */
export const OutHealthCheck = z.object({
  status: z.enum(["UP", "DOWN"]),
  pwp: OutHealthProcess,
  wp: OutHealthProcess,
  jwp: OutHealthProcess,
  jcp: OutHealthProcess,
  rest: OutHealthProcess,
  cp: OutHealthProcess,
  /** With `details`: executions that have not ended. */
  count_active_executions: z.int().optional(),
});
export type OutHealthCheck = z.infer<typeof OutHealthCheck>;

export const HealthQuery = z.object({ details: QueryFlag.default(false) });

/**
 * Series the engine samples every period (a minute) into the database: Baton's own metric types,
 * and what the vendor's types are made of (`busy_ms`, `busy_percent`: the nodes' event loop busy
 * time; `db_ms`: how long the database took to answer the sampler's probe queries).
 */
export const METRIC_TYPES = [
  "executions_started",
  "executions_ended_ok",
  "executions_ended_not_ok",
  "active_executions",
  "waiting_executions",
  "agents_connected",
  "api_requests",
  "api_latency_p50_ms",
  "api_latency_p99_ms",
  "api_latency_mean_ms",
  "busy_ms",
  "busy_percent",
  "db_ms",
] as const;
export const MetricType = z.enum(METRIC_TYPES);
export type MetricType = z.infer<typeof MetricType>;

/** The historic metric types the vendor documents ("AE REST API - AE Performance Metrics"). */
export const VENDOR_METRIC_TYPES = ["MsgDist", "TimevsDB", "MQCount", "MQLength", "MsgTime", "BusyValues", "JwpThreadUtilization"] as const;
export type VendorMetricType = (typeof VENDOR_METRIC_TYPES)[number];

/** What `GET /system/metrics?type=` takes: a vendor type or one of Baton's series. */
export const MetricQueryType = z.enum([...VENDOR_METRIC_TYPES, ...METRIC_TYPES]);
export type MetricQueryType = z.infer<typeof MetricQueryType>;

/** An instant as the metrics endpoint takes it: YYYY-MM-DDThh:mm:ssZ. */
const MetricTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/, "must be YYYY-MM-DDThh:mm:ssZ")
  .refine((text) => !Number.isNaN(Date.parse(text)), "is not a valid time")
  .transform((text) => Date.parse(text));

export const MetricsQuery = z.object({
  type: acceptClientSpellings<typeof MetricQueryType, string>(MetricQueryType).describe(
    `The metric type: one the vendor documents (${VENDOR_METRIC_TYPES.join(", ")}) or one of Baton's series (${METRIC_TYPES.join(", ")}); any letter case.`,
  ),
  time_frame_from: MetricTime.optional().describe("Start of the time frame, YYYY-MM-DDThh:mm:ssZ (UTC); default an hour before its end."),
  time_frame_to: MetricTime.optional().describe("End of the time frame, YYYY-MM-DDThh:mm:ssZ (UTC); default now."),
});
export type MetricsQuery = z.infer<typeof MetricsQuery>;

/**
 * One sampled interval of a metric type, as the vendor's answer holds it: `values` are the
 * type's figures by name (TimevsDB: `time` and `db` in milliseconds). Baton samples the whole
 * system (every node added up), so `wp_name` names the system, not one process.
 */
export const OutMetricEntry = z.object({
  idnr: z.int(),
  type: MetricQueryType,
  timestamp: z.string(),
  wp_name: z.string(),
  tcp_ip_addr: z.string(),
  srv_type: z.string(),
  /** The interval's length in minutes. */
  interval: z.number(),
  values: z.record(z.string(), z.number()),
});
export type OutMetricEntry = z.infer<typeof OutMetricEntry>;

/** Historic metrics: one entry per sampled interval in the time frame, oldest first. */
export const OutMetrics = z.array(OutMetricEntry);
export type OutMetrics = z.infer<typeof OutMetrics>;

export const PrometheusQuery = z.object({ scrapeIntervalSeconds: QueryInt.pipe(z.int().min(1).max(86400)).default(60) });

/** OutClientList: every client with how many objects, executions and users it holds. */
export const OutClientList = z.object({
  total: z.int(),
  data: z.array(z.object({ client: z.int(), title: z.string(), object_count: z.int(), execution_count: z.int(), user_count: z.int() })),
  hasmore: z.boolean(),
});
export type OutClientList = z.infer<typeof OutClientList>;

/** A client number in a path (0 to 9999). */
export const ClientNumberParam = carries(z.string().regex(/^\d{1,4}$/, "must be a client number from 0 to 9999").transform(Number), { type: "integer", minimum: 0, maximum: 9999 });

/** One feature of this installation and whether it is on (GET /system/features). */
export const OutSystemFeature = z.object({ name: z.string(), enabled: z.boolean(), description: z.string() });
export type OutSystemFeature = z.infer<typeof OutSystemFeature>;

/**
 * The platforms an agent package is made for. The vendor's page ("Working with Agents") also
 * names WIN, which is WINDOWS; Baton has no SQL or REST agents (its agent runs shell jobs).
 */
const AgentPackPlatform = z
  .enum(["UNIX", "WINDOWS", "WIN"], { error: "must be UNIX or WINDOWS (WIN): Baton's agents run shell jobs; it has no SQL or REST agents" })
  .transform((platform) => (platform === "WIN" ? "WINDOWS" : platform));

/**
 * InAgentPacksBody: a package for agent `name`; `config_update` is INI text merged over the
 * package's agent.ini. `name` is optional: without it, `config_update`'s `[GLOBAL] name` names the
 * agent; with both, `name` does (the vendor's example sends both). `engine_url` defaults to the
 * address the request reached; `service_manager` is accepted and not used (Baton has no service
 * manager), and so are members Baton does not know (installer scripts send `operating_system`).
 */
export const InAgentPacksBody = acceptClientSpellings(z.object({
  platform: AgentPackPlatform.default("UNIX"),
  name: AgentNameInput.optional().describe("The agent's name; without it, config_update's [GLOBAL] name; with both, this one"),
  config_update: z.string().max(64 * 1024).optional(),
  engine_url: z.url({ protocol: /^https?$/ }).optional(),
  service_manager: z.record(z.string(), z.unknown()).optional(),
}));
export type InAgentPacksBody = z.infer<typeof InAgentPacksBody>;

/** An agent package's file name: nothing that could leave the packages directory. */
export const AgentPackFileName = z.string().regex(/^baton-agent-[A-Z0-9_.$@#-]+-[0-9a-f]{12}\.zip$/, "is not an agent package file name");

export const OutAgentPack = z.object({ filename: z.string(), link: z.string() });
export type OutAgentPack = z.infer<typeof OutAgentPack>;

/** OutCertificatesList: the TLS certificates the engine's process serves with (its chain). */
export const OutCertificatesList = z.object({
  total: z.int(),
  data: z.array(
    z.object({
      process: z.string(),
      subject: z.string(),
      issuer: z.string(),
      serial_number: z.string(),
      valid_from: z.string(),
      valid_to: z.string(),
      fingerprint_sha256: z.string(),
      expired: z.boolean(),
    }),
  ),
  hasmore: z.boolean(),
});
export type OutCertificatesList = z.infer<typeof OutCertificatesList>;

/** GET /0/telemetry/export/{start_from}: months back, the current one included. */
export const TelemetryExportParams = z.object({ start_from: z.string().regex(/^\d{1,3}$/, "must be a number of months").transform(Number).pipe(z.int().min(1).max(120)) });

/** One month of telemetry: executions by type, and how many agents and users ran them. */
export const OutTelemetryMonth = z.object({
  month: z.string(),
  executions: z.record(z.string(), z.int()),
  executions_total: z.int(),
  agents: z.int(),
  users: z.int(),
});
export const OutTelemetryExport = z.object({ instance_id: z.string(), product_version: z.string(), months: z.array(OutTelemetryMonth) });
export type OutTelemetryExport = z.infer<typeof OutTelemetryExport>;

export const OutTelemetryProductList = z.object({ total: z.int(), data: z.array(z.object({ name: z.string(), version: z.string() })), hasmore: z.boolean() });
export type OutTelemetryProductList = z.infer<typeof OutTelemetryProductList>;

/** The latest instant a JavaScript date holds (epoch milliseconds). */
const LAST_INSTANT_MS = 8_640_000_000_000_000;

/**
 * An epoch time with milliseconds as product usage takes it, in either of the vendor's spellings:
 * seconds with the milliseconds after a dot (`1639218246.821`) or milliseconds (`1641896646821`).
 */
const EpochMillis = z
  .string()
  .regex(/^\d{1,16}(\.\d{1,9})?$/, "must be an epoch time: milliseconds (1641896646821) or seconds with the milliseconds after a dot (1639218246.821)")
  .transform((text) => (text.includes(".") ? Math.round(Number(text) * 1000) : Number(text)))
  .pipe(z.number().max(LAST_INSTANT_MS, "is past the latest date"));

export const ProductUsageQuery = z
  .object({
    start_date: EpochMillis.describe("Start of the report: epoch milliseconds (1641896646821) or epoch seconds with the milliseconds after a dot (1639218246.821)."),
    end_date: EpochMillis.describe("End of the report (included), in the same spellings as start_date."),
    skip: QueryInt.pipe(z.int().min(0).max(2147483647)).default(0).describe("Usage records to skip."),
    limit: QueryInt.pipe(z.int().min(0).max(2147483647)).optional().describe("Usage records to return at most; all without it."),
  })
  .refine((query) => query.start_date <= query.end_date, { message: "start_date must not be after end_date", path: ["start_date"] });
export type ProductUsageQuery = z.infer<typeof ProductUsageQuery>;

/**
 * Product usage as the vendor documents it: per installation and product, usage records, each
 * for one day of the report counted from start_date (`reporting_end_date` is that day's end, the
 * report's end for the last one); only days with usage have records.
 */
export const OutProductUsage = z.array(
  z.object({
    instance_id: z.string(),
    product: z.string(),
    product_version: z.string(),
    usage: z.array(z.object({ reporting_end_date: z.string(), usage: z.number(), sku: z.string(), metric_type: z.string(), additional_info: z.string() })),
  }),
);
export type OutProductUsage = z.infer<typeof OutProductUsage>;

/** The manifest.json of an RA solution package: what it is and where its objects are. */
export const RaSolutionManifest = z.object({
  name: z.string().transform((name) => name.toUpperCase()).pipe(z.string().regex(/^[A-Z0-9_.$@#-]{1,200}$/, "must be a solution name (A-Z, 0-9, _ . $ @ # -)")),
  version: z.string().regex(/^\d+(\.\d+){0,3}([-+][0-9A-Za-z.-]+)?$/, "must be a version such as 1.2.0"),
  title: z.string().max(255).default(""),
  description: z.string().max(4000).default(""),
  /** The file in the package holding the objects as a folder export ({data: [...]}). */
  objects: z.string().default("objects.json"),
});
export type RaSolutionManifest = z.infer<typeof RaSolutionManifest>;

/** InRASolutionBody: install (or update to) an uploaded solution; its latest upload unless `version`. */
export const InRASolutionBody = acceptClientSpellings(z.object({ name: z.string().transform((name) => name.toUpperCase()), version: z.string().optional() }));
export type InRASolutionBody = z.infer<typeof InRASolutionBody>;

export const OutRASolution = z.object({
  name: z.string(),
  title: z.string(),
  description: z.string(),
  /** Versions uploaded, oldest first. */
  uploaded_versions: z.array(z.string()),
  installed_version: z.string().nullable(),
  installed_at: z.string().nullable(),
  installed_by: z.string().nullable(),
  /** installed, update_available (a newer version is uploaded) or uploaded (never installed). */
  status: z.enum(["installed", "update_available", "uploaded"]),
});
export type OutRASolution = z.infer<typeof OutRASolution>;
export const OutRASolutionsList = z.object({ total: z.int(), data: z.array(OutRASolution), hasmore: z.boolean() });
export type OutRASolutionsList = z.infer<typeof OutRASolutionsList>;

/** Headers of an RA solution upload: the package's checksum and how it was computed. */
export const RaUploadHeaders = z.object({
  checksum: z.string().regex(/^[0-9a-fA-F]+$/, "must be a hexadecimal checksum"),
  algorithm: z
    .string()
    .transform((name) => name.toUpperCase().replace("-", ""))
    .pipe(z.enum(["MD5", "SHA1", "SHA256"], { error: "must be MD5, SHA-1 or SHA-256" }))
    .default("MD5"),
  "ignore-signature": QueryFlag.default(false),
});

/**
 * OutAuthenticationPackage: what an agent needs to connect and authenticate. The general one
 * (GET /system/agents/authentication_package) holds the engine's URL and token for any new agent;
 * one agent's (GET /system/agents/{name}/authentication_package) also its own new key.
 */
export const OutAuthenticationPackage = z.object({
  engine_url: z.string(),
  token: z.string(),
  agent_name: z.string().optional(),
  key: z.string().optional(),
});
export type OutAuthenticationPackage = z.infer<typeof OutAuthenticationPackage>;
