export * from "./test-databases";
export * from "./openapi-conformance";
