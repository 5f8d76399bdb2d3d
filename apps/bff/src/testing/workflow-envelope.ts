/** The workflow envelope the engine's behaviour tests build, for the REST tests of the app. */
export { workflow, type WorkflowTaskSpec } from "@baton/engine/testing";
