export { createEngine, type Engine, type EngineOptions } from "./engine";
export { openStore, type Store, type StoreOptions, type Dialect } from "./store/connect";
export { API_BASE } from "./http/rest-router";
export { basicAuthorization, parseBasicAuthorization, type Credentials } from "./auth/basic-credentials";
export type { Principal } from "./auth/authenticator";
export type { Agent, RunningJob } from "./runtime/agent-port";
export { systemClock, type Clock } from "./runtime/clock";
export { UnauthorizedError, DomainError } from "./domain/errors";
export { NODE_ROLES, type NodeRole } from "./system/cluster";
