export * from "./test-databases";
export * from "./openapi-conformance";
export * from "./database-faults";
export * from "./processes";
