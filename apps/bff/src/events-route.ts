import type { ExecutionEvent } from "@baton/contract";
import type { Engine } from "@baton/engine";
import type { Request, Response } from "express";
import { currentSession } from "./session-middleware";

const HEARTBEAT_MS = 15_000;
const REPLAY_BATCH = 500;

/**
 * GET /bff/events: Server-Sent Events of the session client's execution status changes. The
 * event id is the engine's sequence number, so a reconnect with Last-Event-ID replays what was
 * missed; a first connect receives a `ready` event carrying the current position.
 *
 * Every event is sent once, in the order it was published, whatever its seq: on PostgreSQL a
 * transaction that took a lower seq can commit after one that took a higher (on this node or
 * another), and skipping it as "already past" would leave its change unseen. A reconnect resumes
 * after the last id received, which may then pass over such a late event; the console reads its
 * data again whenever the stream reopens.
 */
export function eventsRoute(engine: Engine) {
  return async (req: Request, res: Response): Promise<void> => {
    const { client } = currentSession(res);
    res.writeHead(200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    });
    res.write("retry: 2000\n\n");

    // A first connect starts at the current position, which the browser then remembers.
    const header = Number(req.get("last-event-id") ?? Number.NaN);
    const resuming = Number.isInteger(header) && header >= 0;
    let position = resuming ? header : await engine.latestEventSeq();
    if (!resuming) res.write(`id: ${position}\nevent: ready\ndata: {}\n\n`);

    const send = (event: ExecutionEvent) => res.write(`id: ${event.seq}\nevent: execution\ndata: ${JSON.stringify(event)}\n\n`);
    // Listen before replaying from the database so that nothing committed meanwhile is lost; what
    // arrives meanwhile is sent after the replay, unless the replay had it.
    let pending: ExecutionEvent[] | undefined = [];
    const unsubscribe = engine.events.subscribeCluster((event) => {
      if (event.client !== client) return;
      if (pending !== undefined) pending.push(event);
      else send(event);
    });
    const heartbeat = setInterval(() => res.write(": heartbeat\n\n"), HEARTBEAT_MS);
    req.on("close", () => {
      clearInterval(heartbeat);
      unsubscribe();
    });

    const replayed = new Set<number>();
    for (;;) {
      const batch = await engine.eventsAfter(client, position, REPLAY_BATCH);
      for (const event of batch) {
        replayed.add(event.seq);
        send(event);
        position = event.seq;
      }
      if (batch.length < REPLAY_BATCH) break;
    }
    const caughtUp = pending;
    pending = undefined;
    for (const event of caughtUp) if (!replayed.has(event.seq)) send(event);
  };
}
