/**
 * The contract's schemas the first page checks with outside the REST operations (the BFF's session
 * and live updates, error answers): REST answers are checked with the route table's schemas
 * (rest-operations.ts). They are loaded beside the page through `loadSchema` (api-client.ts), not
 * with it, so that zod is not part of the JavaScript the page needs first. A dynamic import of
 * "@baton/contract" itself would load every schema of the contract; this module loads only these.
 */
export { ExecutionEvent, InSessionBody, OutError, OutSession, OutSessionPermissions, OutValidationError } from "@baton/contract";
