import type { IncomingMessage, ServerResponse } from "node:http";
import type { Bench } from "../harness/bench";
import { compareUnderLoad, HTTP_LOAD, loadRows } from "../harness/load-comparison";
import type { ResultRow } from "../harness/result";
import { withEngine, withServer } from "../harness/servers";
import { withTempStore } from "../harness/temp-store";

/** Node's own hello world (nodejs.org, "Introduction to Node.js"): the baseline the target names. */
function helloWorld(_req: IncomingMessage, res: ServerResponse): void {
  res.statusCode = 200;
  res.setHeader("Content-Type", "text/plain");
  res.end("Hello World\n");
}

/** A 200 with no header of its own and no body: less than any HTTP API answers, reported beside. */
function emptyAnswer(_req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(200).end();
}

/**
 * GET /ping through the engine's REST router against a bare node:http hello world (the target),
 * and against a bare server answering an empty 200 (reported).
 */
async function ping(): Promise<ResultRow[]> {
  return withTempStore(({ store }) =>
    withEngine(store, (engineUrl) =>
      withServer(helloWorld, (helloUrl) =>
        withServer(emptyAnswer, async (emptyUrl) => {
          const pingUrl = `${engineUrl}/ae/api/v1/ping`;
          const hello = await compareUnderLoad(pingUrl, helloUrl, HTTP_LOAD);
          const empty = await compareUnderLoad(pingUrl, emptyUrl, HTTP_LOAD);
          return [...loadRows("api-ping", hello, { perSecond: { kind: "ratio", value: 0.9 } }), ...loadRows("api-ping-empty", empty, { perSecond: { kind: "none" } })];
        }),
      ),
    ),
  );
}

/** The REST router's own cost under load. */
export const apiPingBench: Bench = {
  id: "api-ping",
  summary: `GET /ping, wrk with ${HTTP_LOAD.connections} connections, ${HTTP_LOAD.rounds} runs of ${HTTP_LOAD.seconds} s a side`,
  run: ping,
};
