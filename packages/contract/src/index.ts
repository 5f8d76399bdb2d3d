export * from "./status-codes";
export * from "./error-codes";
export * from "./schemas/primitives";
export * from "./schemas/errors";
export * from "./schemas/executions";
export * from "./schemas/objects";
export * from "./bff";
export * from "./agent-protocol";
