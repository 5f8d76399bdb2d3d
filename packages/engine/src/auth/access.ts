import { ErrorCode, type Privilege, type RightBit } from "@baton/contract";
import { allows, describeRight, type RightsTypes } from "../domain/authorization";
import { ForbiddenError } from "../domain/errors";
import type { Principal } from "./authenticator";

/** Throws 403 unless the principal has the right on the object. */
export function requireRight(principal: Principal, right: RightBit, objectTypes: RightsTypes, objectName: string): void {
  if (!allows(principal.rights, right, objectTypes, objectName)) {
    throw new ForbiddenError(ErrorCode.FORBIDDEN, "Permission check failed.", `'Missing right': ${describeRight(right, objectTypes, objectName)} for user ${principal.userName}: Access denied`);
  }
}

/** Throws 403 unless the principal has the privilege. */
export function requirePrivilege(principal: Principal, privilege: Privilege): void {
  if (!principal.rights.privileges.has(privilege)) {
    throw new ForbiddenError(ErrorCode.FORBIDDEN, "Permission check failed.", `'Missing privilege': ${privilege} for user ${principal.userName}: Access denied`);
  }
}
