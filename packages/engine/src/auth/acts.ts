import { Right, type Privilege, type RightBit } from "@baton/contract";
import { accessFilter, allows, type AccessFilter, type RightsTypes } from "../domain/authorization";
import { requirePrivilege, requireRight } from "./access";
import type { Principal } from "./authenticator";

/*
 * What a principal may do to an object or an execution, decided here once for every door: the
 * REST routes, the script functions (GET_VAR, :PUT_VAR, PREP_PROCESS_VAR, ACTIVATE_UC_OBJECT,
 * GET_UC_OBJECT_STATUS, CANCEL_UC_OBJECT) and the console's live events with their replay. Each
 * act is a list of requirements; `require…` throws the 403 the REST API answers for the first one
 * missing, `may…` answers the same question for doors that say no in their own way (a script
 * function's return code, an event left out of the stream).
 */

/** An object as the acts need it: its type and name. */
export interface ObjectRef {
  readonly type: string;
  readonly name: string;
}

/** An execution as the acts need it: the type and name of its object, and for a period container the type of the object it activates. */
export interface ExecutionRef {
  readonly objectType: string;
  readonly name: string;
  readonly repeatsType?: string | null;
}

type Requirement = { readonly right: RightBit; readonly objectType: RightsTypes; readonly objectName: string } | { readonly privilege: Privilege };

/** The types whose rights reach an execution: its object's, and a period container's also the activated object's. */
export function typesOf(execution: ExecutionRef): RightsTypes {
  return execution.repeatsType ? [execution.objectType, execution.repeatsType] : execution.objectType;
}

/** Types that define who may log in and what they may do. */
export const ACCOUNT_TYPES: ReadonlySet<string> = new Set(["USER", "USRG"]);

/**
 * System objects: names `UC_*` belong to the system's variables (UC_CLIENT_SETTINGS holds the
 * lockout threshold, agent authentication and the like), whose rows change how the whole client
 * behaves. Every type counts: a job holding the name would keep the variable from being created.
 */
export function isSystemObject(object: ObjectRef): boolean {
  return object.name.startsWith("UC_");
}

function readObject(object: ObjectRef): Requirement[] {
  return [{ right: Right.READ, objectType: object.type, objectName: object.name }];
}

/** Writing accounts is user administration and writing system objects system administration, on top of the write right. */
function writeObject(object: ObjectRef): Requirement[] {
  return [
    { right: Right.WRITE, objectType: object.type, objectName: object.name },
    ...(ACCOUNT_TYPES.has(object.type) ? [{ privilege: "USER_ADMINISTRATION" as const }] : []),
    ...(isSystemObject(object) ? [{ privilege: "SYSTEM_ADMINISTRATION" as const }] : []),
  ];
}

/** Deleting an account or a system object changes who may log in or how the client behaves, as writing it does. */
function deleteObject(object: ObjectRef): Requirement[] {
  return [{ right: Right.DELETE, objectType: object.type, objectName: object.name }, ...writeObject(object).filter((requirement) => "privilege" in requirement)];
}

function executeObject(object: ObjectRef): Requirement[] {
  return [{ right: Right.EXECUTE, objectType: object.type, objectName: object.name }];
}

function seeExecution(execution: ExecutionRef): Requirement[] {
  return [{ right: Right.STATISTICS, objectType: typesOf(execution), objectName: execution.name }];
}

/** Cancelling (and restarting, releasing, acknowledging) an execution one may not see is refused as not seeing it. */
function cancelExecution(execution: ExecutionRef): Requirement[] {
  return [...seeExecution(execution), { right: Right.CANCEL, objectType: typesOf(execution), objectName: execution.name }];
}

function satisfied(principal: Principal, requirement: Requirement): boolean {
  return "privilege" in requirement ? principal.rights.privileges.has(requirement.privilege) : allows(principal.rights, requirement.right, requirement.objectType, requirement.objectName);
}

function may(principal: Principal, requirements: readonly Requirement[]): boolean {
  return requirements.every((requirement) => satisfied(principal, requirement));
}

function enforce(principal: Principal, requirements: readonly Requirement[]): void {
  for (const requirement of requirements) {
    if ("privilege" in requirement) requirePrivilege(principal, requirement.privilege);
    else requireRight(principal, requirement.right, requirement.objectType, requirement.objectName);
  }
}

/** Reading an object's definition or values: GET /objects/{name}, GET_VAR, PREP_PROCESS_VAR. */
export function mayReadObject(principal: Principal, object: ObjectRef): boolean {
  return may(principal, readObject(object));
}
export function requireReadObject(principal: Principal, object: ObjectRef): void {
  enforce(principal, readObject(object));
}

/** Creating or replacing an object: POST /objects, folder imports, :PUT_VAR. */
export function mayWriteObject(principal: Principal, object: ObjectRef): boolean {
  return may(principal, writeObject(object));
}
export function requireWriteObject(principal: Principal, object: ObjectRef): void {
  enforce(principal, writeObject(object));
}

/** Deleting an object: objects a repository's commit no longer holds when its head moves. */
export function mayDeleteObject(principal: Principal, object: ObjectRef): boolean {
  return may(principal, deleteObject(object));
}
export function requireDeleteObject(principal: Principal, object: ObjectRef): void {
  enforce(principal, deleteObject(object));
}

/** Starting an object: POST /executions, workflow tasks, ACTIVATE_UC_OBJECT. */
export function mayExecute(principal: Principal, object: ObjectRef): boolean {
  return may(principal, executeObject(object));
}
export function requireExecute(principal: Principal, object: ObjectRef): void {
  enforce(principal, executeObject(object));
}

/** Seeing an execution, its details and reports: GET /executions/{run_id}..., GET_UC_OBJECT_STATUS, live events. */
export function maySeeExecution(principal: Principal, execution: ExecutionRef): boolean {
  return may(principal, seeExecution(execution));
}
export function requireSeeExecution(principal: Principal, execution: ExecutionRef): void {
  enforce(principal, seeExecution(execution));
}

/** Changing an execution's course: POST /executions/{run_id}/status (cancel, restart, release, acknowledge), CANCEL_UC_OBJECT. */
export function mayCancel(principal: Principal, execution: ExecutionRef): boolean {
  return may(principal, cancelExecution(execution));
}
export function requireCancel(principal: Principal, execution: ExecutionRef): void {
  enforce(principal, cancelExecution(execution));
}

/**
 * The executions a list shows (GET /executions), as the filter the store turns into SQL: the
 * same grants and prohibitions of the statistics right that maySeeExecution applies to one.
 */
export function visibleExecutions(principal: Principal): AccessFilter | null {
  return accessFilter(principal.rights, Right.STATISTICS);
}
