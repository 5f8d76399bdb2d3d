/**
 * The contract's schemas the first page (login, executions list, live updates, error answers)
 * checks with. They are loaded beside the page through `loadSchema` (api-client.ts), not with it,
 * so that zod is not part of the JavaScript the page needs first. A dynamic import of
 * "@baton/contract" itself would load every schema of the contract; this module loads only these.
 */
export { ExecutionEvent, InSessionBody, OutChangeExecutionStatus, OutError, OutExecutionList, OutSession, OutValidationError } from "@baton/contract";
