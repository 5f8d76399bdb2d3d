import { z } from "zod";
import { emptyAnswer } from "../openapi/answers";
import { ClientNumberParam } from "../schemas/system";
import { defineOperation, noBody, noParams } from "./operation";
import { ClientParams } from "./params";

const UserParams = ClientParams.extend({ user_name: z.string().regex(/^[A-Za-z0-9._$@#-]{1,200}\/[A-Za-z0-9._$@#-]{1,200}$/, "must be NAME/DEPARTMENT") });

/** Baton extensions (not in the interface spec): user administration beyond importing USER objects. */
export const userOperations = {
  putUsersUserNamePassword: defineOperation({
    method: "PUT",
    path: "/:client_id/users/:user_name/password",
    summary: "Sets a user's password (Baton extension)",
    answer: emptyAnswer("The password was set"),
    params: UserParams,
    query: noParams,
    body: z.object({ password: z.string().min(1).max(1024) }),
  }),
  postUsersUserNameUnlock: defineOperation({
    method: "POST",
    path: "/:client_id/users/:user_name/unlock",
    summary: "Unlocks a user locked by failed logins; in client 0, `client` names the user's client (Baton extension)",
    answer: emptyAnswer("The user was unlocked"),
    params: UserParams,
    // Client 0's administrators look after every client; others unlock in their own client only.
    query: z.object({ client: ClientNumberParam.optional().describe("The client of the user (client 0 only; default: the client of the path)") }),
    body: noBody,
  }),
};
