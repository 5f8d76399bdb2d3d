import { operations } from "@baton/contract";
import type { UserService } from "../../auth/user-service";
import { bindRoute } from "../route";

/** Baton extensions (not in the interface spec): user administration beyond importing USER objects. */
export function usersRoutes(users: UserService) {
  return [
    bindRoute(operations.putUsersUserNamePassword, {
      handle: async ({ principal, params, body }) => {
        await users.setPassword(principal, params.user_name, body.password);
      },
    }),
    // Client 0's administrators look after every client; others unlock in their own client only.
    bindRoute(operations.postUsersUserNameUnlock, {
      handle: async ({ principal, params, query }) => {
        await users.unlock(principal, params.user_name, query.client ?? principal.client);
      },
    }),
  ];
}
