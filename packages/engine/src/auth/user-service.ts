import { ErrorCode } from "@baton/contract";
import { ForbiddenError } from "../domain/errors";
import type { Principal } from "./authenticator";
import type { Store } from "../store/connect";
import type { Clock } from "../runtime/clock";
import { requirePrivilege } from "./access";
import { setUserPassword, unlockUser } from "./user-admin";

/** What administrators do to users beyond importing them: set passwords and unlock. */
export class UserService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    /** Told of every change; of an unlock with the user unlocked. */
    private readonly onChange: (unlocked?: { client: number; userName: string }) => void,
  ) {}

  async setPassword(principal: Principal, userName: string, password: string): Promise<void> {
    requirePrivilege(principal, "USER_ADMINISTRATION");
    await setUserPassword(this.store, principal.client, userName.toUpperCase(), password, this.clock.now());
    this.onChange();
  }

  /**
   * Unlocks a user of `client`: the principal's own client, or any client when the principal is an
   * administrator of client 0 (so that a client whose every administrator is locked is not lost).
   */
  async unlock(principal: Principal, userName: string, client: number): Promise<void> {
    if (client !== principal.client && principal.client !== 0) {
      throw new ForbiddenError(ErrorCode.FORBIDDEN, "Permission check failed.", `'Client 0 only': unlocking a user of client ${client} is done from client 0: Access denied`);
    }
    requirePrivilege(principal, "USER_ADMINISTRATION");
    const actor = client === principal.client ? principal.userName : `${principal.userName} (client ${principal.client})`;
    await unlockUser(this.store, client, userName.toUpperCase(), actor, this.clock.now());
    this.onChange({ client, userName: userName.toUpperCase() });
  }
}
