import type { z } from "zod";
import { agentPackOperations } from "./agent-packs";
import { agentOperations } from "./agents";
import { executionOperations } from "./executions";
import { folderObjectOperations } from "./folder-objects";
import { forecastOperations } from "./forecasts";
import { objectOperations } from "./objects";
import type { Operation } from "./operation";
import type { PathParams } from "./operation-path";
import { raSolutionOperations } from "./ra-solutions";
import { repositoryOperations } from "./repositories";
import { scriptOperations } from "./scripts";
import { searchOperations } from "./search";
import { documentOperations, pingOperations } from "./service";
import { systemOperations } from "./system";
import { telemetryOperations } from "./telemetry";
import { userOperations } from "./users";

export * from "./operation";
export * from "./operation-path";
export { ClientParams, RunParams } from "./params";

/**
 * Every operation of the REST interface, by name: the name is the operation's `operationId` in the
 * OpenAPI document, and the order is the document's.
 */
export const operations = {
  ...pingOperations,
  ...objectOperations,
  ...folderObjectOperations,
  ...repositoryOperations,
  ...executionOperations,
  ...userOperations,
  ...scriptOperations,
  ...searchOperations,
  ...forecastOperations,
  ...agentOperations,
  ...systemOperations,
  ...raSolutionOperations,
  ...telemetryOperations,
  ...agentPackOperations,
  ...documentOperations,
};

export type Operations = typeof operations;
/** The name of an operation of the interface, e.g. `getExecutions`. */
export type OperationName = keyof Operations;
/** The path parameters a request of operation `N` fills in (see operationPath). */
export type OperationParams<N extends OperationName> = PathParams<Operations[N]["params"]>;
/** The query parameters of operation `N`, as the URL carries them (strings; lists comma-separated). */
export type OperationQuery<N extends OperationName> = z.input<Operations[N]["query"]>;
/**
 * The JSON body of operation `N` in the spelling the schema reads it into (camelCase requests; the
 * older snake_case spellings are accepted too, but not typed), `undefined` for operations without one.
 */
export type OperationBody<N extends OperationName> = z.output<Operations[N]["body"]>;
/** What a success of operation `N` answers, as its answer schema reads it (`void` for `{}`, `never` for a file). */
export type OperationAnswer<N extends OperationName> = Operations[N] extends Operation<infer _P, infer _Q, infer _B, infer R> ? R : never;
