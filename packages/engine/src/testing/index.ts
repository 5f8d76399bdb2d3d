export * from "./test-databases";
export * from "./openapi-conformance";
export * from "./database-faults";
export * from "./processes";
export { newExecution } from "./new-execution";
export { insertExecution, type NewExecution } from "../store/executions-store";
export * from "./envelopes";
