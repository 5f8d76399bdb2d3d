import { defineRoute, noBody, noParams, Reply } from "../route";

/** GET /ping: the liveness probe, no authentication, no client. */
export const pingRoutes = [
  defineRoute({
    method: "GET",
    path: "/ping",
    public: true,
    params: noParams,
    query: noParams,
    body: noBody,
    handle: async () => Reply.empty(),
  }),
];
