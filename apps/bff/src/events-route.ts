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
    let lastSent = resuming ? header : await engine.latestEventSeq();
    if (!resuming) res.write(`id: ${lastSent}\nevent: ready\ndata: {}\n\n`);

    // Listen before replaying from the database so that nothing committed meanwhile is lost.
    const pending: ExecutionEvent[] = [];
    let replaying = true;
    const send = (event: ExecutionEvent) => {
      if (event.seq <= lastSent) return;
      lastSent = event.seq;
      res.write(`id: ${event.seq}\nevent: execution\ndata: ${JSON.stringify(event)}\n\n`);
    };
    const unsubscribe = engine.events.subscribeCluster((event) => {
      if (event.client !== client) return;
      if (replaying) pending.push(event);
      else send(event);
    });
    const heartbeat = setInterval(() => res.write(": heartbeat\n\n"), HEARTBEAT_MS);
    req.on("close", () => {
      clearInterval(heartbeat);
      unsubscribe();
    });

    for (;;) {
      const batch = await engine.eventsAfter(client, lastSent, REPLAY_BATCH);
      batch.forEach(send);
      if (batch.length < REPLAY_BATCH) break;
    }
    replaying = false;
    pending.sort((a, b) => a.seq - b.seq).forEach(send);
  };
}
