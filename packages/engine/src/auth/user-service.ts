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
    private readonly onChange: () => void,
  ) {}

  async setPassword(principal: Principal, userName: string, password: string): Promise<void> {
    requirePrivilege(principal, "USER_ADMINISTRATION");
    await setUserPassword(this.store, principal.client, userName.toUpperCase(), password, this.clock.now());
    this.onChange();
  }

  async unlock(principal: Principal, userName: string): Promise<void> {
    requirePrivilege(principal, "USER_ADMINISTRATION");
    await unlockUser(this.store, principal.client, userName.toUpperCase(), principal.userName, this.clock.now());
    this.onChange();
  }
}
