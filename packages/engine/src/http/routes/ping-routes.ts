import { emptyAnswer } from "@baton/contract";
import { defineRoute, noBody, noParams, Reply } from "../route";

/** GET /ping: the liveness probe, no authentication, no client. */
export const pingRoutes = [
  defineRoute({
    method: "GET",
    path: "/ping",
    summary: "Answers 200 while the engine runs; no authentication",
    // The vendor shows no payload; `{}` is one that clients which parse every answer can read.
    answer: emptyAnswer("The engine runs"),
    public: true,
    params: noParams,
    query: noParams,
    body: noBody,
    handle: () => Reply.empty(),
  }),
];
