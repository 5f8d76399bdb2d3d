import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { hostname } from "node:os";
import { ErrorCode, type OutSystemFeature } from "@baton/contract";
import { Authenticator } from "./auth/authenticator";
import { createRestRouter } from "./http/rest-router";
import { SourceAddresses } from "./http/source-address";
import { everyOperationBoundOnce } from "./http/bound-routes";
import { openApiRoutes } from "./http/routes/openapi-routes";
import { executionsRoutes } from "./http/routes/executions-routes";
import { objectsRoutes } from "./http/routes/objects-routes";
import { taskActionsRoutes } from "./http/routes/task-actions-routes";
import { TaskActions } from "./executions/task-actions";
import { folderObjectsRoutes } from "./http/routes/folder-objects-routes";
import { API_BASE } from "./http/rest-router";
import { agentPackRoutes } from "./http/routes/agent-pack-routes";
import { agentsRoutes } from "./http/routes/agents-routes";
import { raSolutionRoutes } from "./http/routes/ra-solution-routes";
import { telemetryRoutes } from "./http/routes/telemetry-routes";
import { systemRoutes } from "./http/routes/system-routes";
import { pingRoutes } from "./http/routes/ping-routes";
import { usersRoutes } from "./http/routes/users-routes";
import { scriptsRoutes } from "./http/routes/scripts-routes";
import { searchRoutes } from "./http/routes/search-routes";
import { forecastRoutes } from "./http/routes/forecast-routes";
import { ForecastService } from "./forecast/forecast-service";
import { UserService } from "./auth/user-service";
import { ObjectService } from "./objects/object-service";
import { FolderService } from "./objects/folder-service";
import { RepositoryService } from "./repositories/repository-service";
import { RemotePolicy } from "./repositories/remote-policy";
import { repositoryRoutes } from "./http/routes/repository-routes";
import { SearchService } from "./objects/search-service";
import { systemClock } from "./runtime/clock";
import { CallbackPolicy } from "./runtime/callback-policy";
import { ExecutionEventBus } from "./runtime/event-bus";
import { ExecutionRecorder } from "./runtime/execution-recorder";
import { createExecutions } from "./executions/executions";
import { subscribeReactions } from "./executions/reactions";
import { changeTexts, presentStoredEvent } from "./http/presenters/change-presenter";
import { RuntimeEstimator } from "./runtime/runtime-estimator";
import { JobRunner } from "./runtime/job-runner";
import { ReportService } from "./executions/report-service";
import { Scheduler } from "./runtime/scheduler";
import { Housekeeping } from "./runtime/housekeeping";
import { CallbackDelivery } from "./runtime/callback-delivery";
import { nextCallbackTime } from "./store/callbacks-store";
import { nextDueTime } from "./store/waiting-executions-store";
import { consoleSessionRecords } from "./store/console-sessions-store";
import { ScriptRunner } from "./runtime/script-runner";
import { WorkflowRunner } from "./runtime/workflow-runner";
import { TransferRunner } from "./runtime/transfer-runner";
import { EventRunner } from "./runtime/event-runner";
import { NotificationRunner } from "./runtime/notification-runner";
import { clientsWithUser } from "./store/credentials-store";
import { eventsAfter, latestEventSeq } from "./store/events-store";
import { AgentEndpoint } from "./system/agent-endpoint";
import { aliveWindowMs, Cluster, NODE_ROLES } from "./system/cluster";
import { Takeover } from "./system/takeover";
import { ClusterEvents } from "./runtime/cluster-events";
import { AgentPackService } from "./system/agent-packs";
import { ClientService } from "./system/client-service";
import { EngineMetrics } from "./system/engine-metrics";
import { SystemService } from "./system/system-service";
import { RaSolutionService } from "./system/ra-solutions";
import { TelemetryService } from "./system/telemetry-service";
import { AgentGroupService } from "./system/agent-group-service";
import { AgentRegistry } from "./system/agent-registry";
import { bootstrap } from "./system/bootstrap";
import { loadPrincipal } from "./auth/principal-loader";
import type { Engine, EngineOptions } from "./engine-api";

/** The engine's version, as telemetry and product usage report it. */
const ENGINE_VERSION = "0.1.0";

/** A node's life sign interval, and how long the scheduler lease lasts without renewal. */
const DEFAULT_HEARTBEAT_MS = 5_000;
const DEFAULT_LEASE_MS = 15_000;

/** How long a standalone agent may be away before its running jobs end as lost. */
const DEFAULT_AGENT_LOST_MS = 60_000;
const DEFAULT_AGENT_HEARTBEAT_MS = 10_000;

/** How long one git process may run before it is killed with everything it started. */
const DEFAULT_GIT_TIMEOUT_MS = 60_000;


/**
 * Creates the engine on an open store: bootstraps the first clients, recovers executions left
 * over by a previous run and builds the REST router.
 */
export async function createEngine(options: EngineOptions): Promise<Engine> {
  const { store, logger } = options;
  const clock = options.clock ?? systemClock;
  const bus = new ExecutionEventBus();
  const nodeId = options.node?.id ?? `${hostname()}-${process.pid}-${randomBytes(3).toString("hex")}`;
  const clusterEvents = new ClusterEvents({ store, bus, logger: logger.child({ component: "cluster" }), nodeId });
  const recorder = new ExecutionRecorder(store, clock, bus, changeTexts, clusterEvents);
  const agents = new Map(options.agents.map((a) => [a.name.toUpperCase(), a]));
  const jobs = new JobRunner({ store, clock, recorder, agents, logger, nodeOfAgent: (agent) => cluster.nodeOfAgent(agent), mayExecuteOn: (client, agent) => agentRegistry.mayUse(client, agent, "execute") });
  const scripts = new ScriptRunner({ store, clock, recorder, logger });
  const workflows = new WorkflowRunner({ store, clock, recorder, logger });
  const transfers = new TransferRunner({ store, clock, recorder, agents, logger, mayUseAgent: (client, agent, right) => agentRegistry.mayUse(client, agent, right) });
  const events = new EventRunner({ store, clock, recorder, agents, logger, poke: () => scheduler.poke(), mayReadOn: (client, agent) => agentRegistry.mayUse(client, agent, "read") });
  const callbackPolicy = new CallbackPolicy(options.callbackAllow);
  const notifications = new NotificationRunner({ store, clock, recorder, policy: callbackPolicy, logger, poke: () => scheduler.poke() });
  // Waiting executions (start time, queue slot) are started by the scheduler's rounds.
  const deliveries = new CallbackDelivery({ store, clock, policy: callbackPolicy, logger });
  const scheduler: Scheduler = new Scheduler({
    clock,
    logger,
    // Every scheduling node starts due executions and delivers callbacks; the leader alone admits
    // what waits for slots, as it needs one view of them.
    wake: async (): Promise<void> => {
      // A look at the next due time costs one indexed read; claiming opens a transaction.
      const isDue = (time: number | undefined) => time !== undefined && time <= clock.now();
      if (isDue(await nextDueTime(store.db))) await admission.startDue();
      if (isDue(await nextCallbackTime(store.db))) await deliveries.deliverDue();
      if (cluster.leader) await admission.admitWaiting();
    },
    nextDue: async () => {
      const times = [await nextDueTime(store.db), await nextCallbackTime(store.db)].filter((t): t is number => t !== undefined);
      return times.length === 0 ? undefined : Math.min(...times);
    },
  });
  const agentRegistry = new AgentRegistry({ store, clock, agents, host: options.agentHost ?? { version: "", hardware: "", software: "" }, revoke: (name) => agentEndpoint.disconnect(name) });
  const agentEndpoint = new AgentEndpoint({
    registry: agentRegistry,
    token: options.standaloneAgents?.token,
    agents,
    logger: logger.child({ component: "agents" }),
    lostAfterMs: options.standaloneAgents?.lostAfterMs ?? DEFAULT_AGENT_LOST_MS,
    heartbeatMs: options.standaloneAgents?.heartbeatMs ?? DEFAULT_AGENT_HEARTBEAT_MS,
    clock,
    onAgentConnected: () => {
      scheduler.poke();
      admission.startJobsWaitingForAgentsSoon();
    },
  });
  const metrics = new EngineMetrics({ store, agents });
  const cluster = new Cluster({
    store,
    clock,
    logger: logger.child({ component: "cluster" }),
    nodeId,
    roles: options.node?.roles ?? NODE_ROLES,
    heartbeatMs: options.node?.heartbeatMs ?? DEFAULT_HEARTBEAT_MS,
    leaseMs: options.node?.leaseMs ?? DEFAULT_LEASE_MS,
    connectedAgents: () => agentEndpoint.connectedNames(),
    // A new leader looks at what waits for slots at once.
    onLeadership: (leader) => {
      if (leader) scheduler.poke();
    },
    whileLeading: () => takeover.whileLeading(),
  });
  const system = new SystemService({ store, clock, metrics, cluster, certificates: options.certificates ?? [], ...(options.metricsSampleMs !== undefined && { samplePeriodMs: options.metricsSampleMs }) });
  const clients = new ClientService({ store, clock, recorder, logger, onClientDeleted: () => authenticator.forget() });
  const estimator = new RuntimeEstimator({ store, clock, logger });
  const executions = createExecutions({ store, clock, recorder, bus, jobs, scripts, workflows, transfers, events, notifications, agents, scheduler, callbacks: callbackPolicy, estimator, logger });
  const { admission } = executions;
  subscribeReactions({ bus, launcher: executions.launcher, admission, scheduler, estimator, metrics, logger });
  const reports = new ReportService(store);
  const objects = new ObjectService(store, clock, () => authenticator.forget());
  const authenticator = new Authenticator(store, clock, logger.child({ component: "auth" }));

  const bootstrapResult = await bootstrap(store, clock, options.adminPassword);
  const takeover = new Takeover({
    store,
    clock,
    nodeId,
    aliveWithinMs: aliveWindowMs(options.node?.heartbeatMs ?? DEFAULT_HEARTBEAT_MS, options.node?.leaseMs ?? DEFAULT_LEASE_MS),
    recover: async (adopted) => {
      await executions.recover(adopted);
      await clients.recover(adopted);
    },
  });
  await takeover.atStart();
  const forecasts = new ForecastService({ store, clock, logger, estimator, agents, execution: (principal, runId) => executions.useCases.get(principal, runId) });
  await forecasts.recover();
  await clusterEvents.start();
  await cluster.start();
  forecasts.start(() => cluster.leader);
  if ((options.node?.roles ?? NODE_ROLES).includes("scheduling")) scheduler.start();
  system.start((error) => logger.error({ err: error }, "could not sample the metrics"));
  const housekeeping = new Housekeeping({ store, clock, logger });
  housekeeping.start();

  const users = new UserService(store, clock, (unlocked) => authenticator.forget(unlocked));
  const folders = new FolderService(store, clock, () => authenticator.forget());
  const repositories = new RepositoryService(options.repositoriesDir, folders, {
    policy: new RemotePolicy({ roots: options.repositoryRemotes?.roots ?? [], privateDirs: [...(options.repositoryRemotes?.privateDirs ?? []), ...(options.repositoriesDir === undefined ? [] : [options.repositoriesDir])], addresses: callbackPolicy }),
    gitTimeoutMs: options.repositoryRemotes?.gitTimeoutMs ?? DEFAULT_GIT_TIMEOUT_MS,
    logger: logger.child({ component: "repositories" }),
  });
  const features: OutSystemFeature[] = [
    { name: "REPOSITORIES", enabled: options.repositoriesDir !== undefined, description: "Object definitions versioned in Git per client" },
    { name: "STANDALONE_AGENTS", enabled: options.standaloneAgents?.token !== undefined, description: "baton-agent processes connect over WebSocket" },
    { name: "POSTGRESQL", enabled: store.dialect === "postgres", description: "The database is PostgreSQL (else SQLite)" },
    { name: "AUTOFORECAST", enabled: true, description: "Each client's forecast is recomputed hourly" },
    { name: "HTTPS", enabled: (options.certificates ?? []).length > 0, description: "The console, the REST API and agents are served over TLS" },
    { name: "RA_SOLUTIONS", enabled: options.raSolutionsDir !== undefined, description: "Solution packages uploaded and installed into client 0" },
    { name: "PROMETHEUS_METRICS", enabled: true, description: "Metrics in Prometheus text at /system/metrics/prometheus" },
    { name: "AGENT_PACKAGES", enabled: options.agentPacks !== undefined && options.standaloneAgents?.token !== undefined, description: "Preconfigured agent packages (zip) to download" },
  ];
  const routes = everyOperationBoundOnce([
    ...pingRoutes,
    ...objectsRoutes(objects, estimator),
    ...folderObjectsRoutes(folders),
    ...repositoryRoutes(repositories),
    ...executionsRoutes({ executions: executions.useCases, reports, clock }),
    ...taskActionsRoutes(new TaskActions(store)),
    ...usersRoutes(users),
    ...scriptsRoutes(executions.useCases),
    ...searchRoutes(new SearchService(store)),
    ...forecastRoutes(forecasts),
    ...agentsRoutes(agentRegistry, new AgentGroupService(store, agents), options.standaloneAgents?.token),
    ...systemRoutes(system, clients, () => features),
    ...raSolutionRoutes(new RaSolutionService({ dir: options.raSolutionsDir, store, clock, folders })),
    ...telemetryRoutes(new TelemetryService({ store, clock, version: ENGINE_VERSION, products: [{ name: "Baton engine", version: ENGINE_VERSION }, { name: "Baton agent", version: options.agentHost?.version ?? "" }] })),
    ...agentPackRoutes(new AgentPackService({ dir: options.agentPacks?.dir, bundle: options.agentPacks?.bundle, registry: agentRegistry, certificates: options.certificates ?? [] })),
    ...openApiRoutes(ENGINE_VERSION),
  ]);
  const addresses = new SourceAddresses();
  const handleRest = createRestRouter(routes, {
    authenticator,
    addresses,
    onAnswered: (route, method, status, seconds) => metrics.observeRequest(route, method, status, seconds),
    logger: logger.child({ component: "rest" }),
  });

  const roles = options.node?.roles ?? NODE_ROLES;
  return {
    handleRest: roles.includes("api") ? handleRest : answerNotServed,
    handleUpgrade: (req, socket, head) => {
      if (!roles.includes("agents") || !agentEndpoint.handles(req)) return false;
      agentEndpoint.handleUpgrade(req, socket, head);
      return true;
    },
    executions: executions.useCases,
    objects,
    reports,
    principal: (client, userName) => loadPrincipal(store, client, userName),
    events: bus,
    bootstrap: bootstrapResult,
    authenticate: (credentials, client, address) => authenticator.authenticate(credentials, client, address),
    forwardingHeaders: (address) => addresses.forwardingHeaders(address),
    consoleSessions: consoleSessionRecords(store.db),
    eventsAfter: async (client, seq, limit) => (await eventsAfter(store.db, client, seq, limit)).map(presentStoredEvent),
    latestEventSeq: () => latestEventSeq(store.db),
    clientsOfUser: (userName) => clientsWithUser(store.db, userName),
    refreshAutoforecasts: () => forecasts.refreshAutoforecasts(),
    sampleMetrics: () => system.sample(),
    beginShutdown: () => jobs.beginShutdown(),
    close: async () => {
      housekeeping.stop();
      system.stop();
      forecasts.stop();
      await cluster.stop();
      await clusterEvents.stop();
      await scheduler.stop();
      jobs.beginShutdown();
      agentEndpoint.stop();
      await Promise.all([jobs.idle(), scripts.idle(), transfers.idle(), executions.launcher.idle(), clients.idle()]);
      await workflows.idle();
      await forecasts.idle();
      await store.close();
    },
  };
}

/** A node without the api role answers /ping (it lives) and nothing else of the REST API. */
function answerNotServed(req: IncomingMessage, res: ServerResponse): void {
  if ((req.url ?? "").split("?")[0] === `${API_BASE}/ping`) {
    res.writeHead(200).end();
    return;
  }
  res.writeHead(503, { "Content-Type": "application/json" }).end(JSON.stringify({ code: ErrorCode.NOT_FOUND, error: "Not served here.", details: "This node does not serve the REST API (BATON_ROLE); send requests to a node that does." }));
}
