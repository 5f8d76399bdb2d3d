import { ErrorCode, type ExecutionEvent, type OutError } from "@baton/contract";
import { DomainError, presentChange, UnauthorizedError, type Engine, type Principal } from "@baton/engine";
import type { Request, Response } from "express";
import { currentSession } from "./session-middleware";
import type { Session, SessionStore } from "./session-store";

const HEARTBEAT_MS = 15_000;
const REPLAY_BATCH = 500;
/**
 * Event streams one session may hold open at once on a node. The console opens one per tab, and a
 * browser holds at most six connections to a host over HTTP/1.1; beyond this, streams only add work
 * (a replay each, a check of the session and the login every heartbeat).
 */
export const MAX_STREAMS_PER_SESSION = 10;

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
 *
 * Live and replayed alike, an event reaches the session's user only if it may see the execution
 * (executions.maySeeEvent: the statistics right GET /executions lists by). The rights are
 * those the engine's authenticator gives the session's login, taken again at every heartbeat so
 * that a change reaches an open stream; a login no longer valid, or a session ended, ends the
 * stream, and the reconnect is answered 401 (429 while the login throttle holds the address
 * back), which a browser's EventSource does not retry.
 *
 * A session holds at most MAX_STREAMS_PER_SESSION streams on a node; one more is answered 429 until
 * one ends (the console tries again with a growing delay).
 */
export function eventsRoute(engine: Engine, sessions: SessionStore, heartbeatMs = HEARTBEAT_MS) {
  const streams = new OpenStreams();
  return async (req: Request, res: Response): Promise<void> => {
    const session = currentSession(res);
    const { client } = session;
    const address = req.ip ?? "";
    const stream = streams.open(session.id);
    if (stream === undefined) {
      res.status(429).json({
        code: ErrorCode.TOO_MANY_EVENT_STREAMS,
        error: "Too many event streams.",
        details: `This session already has ${MAX_STREAMS_PER_SESSION} event streams open, the most one session may have. Close console tabs you no longer need (each holds one); this one tries again on its own.`,
      } satisfies OutError);
      return;
    }
    // Whatever the stream holds is let go when its response closes, also when the browser went
    // away during an await below, before the stream was live.
    let closed = false;
    let stopLive: (() => void) | undefined;
    whenClosed(res, () => {
      closed = true;
      stream.close();
      stopLive?.();
    });
    let principal: Principal;
    try {
      principal = await principalOf(engine, session, address);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      // 401 for a login no longer valid, 429 while the login throttle holds the address back.
      res.status(error.kind === "too_many_requests" ? 429 : 401).json({ code: error.code, error: error.message, details: error.details } satisfies OutError);
      return;
    }
    res.writeHead(200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    });
    // HEAD: the headers a GET would have, and no stream.
    if (req.method === "HEAD") {
      res.end();
      return;
    }
    res.write("retry: 2000\n\n");

    // A first connect starts at the current position, which the browser then remembers.
    const header = req.get("last-event-id") ?? "";
    // A position is the decimal id of an event this stream sent, nothing else (1e3 and 0x10 are not).
    const resuming = /^\d{1,15}$/.test(header);
    let position = resuming ? Number(header) : await engine.latestEventSeq();
    if (closed) return;
    if (!resuming) res.write(`id: ${position}\nevent: ready\ndata: {}\n\n`);

    // Events the user may not see are passed over where they would be sent, so that the replay's
    // position and the order below stay exactly as they are for every event. Deciding may read
    // the database (a period container's row), so events are decided and written one after
    // another; should reading fail, the stream ends and the console reconnects and reads again.
    // The replay waits for each, so a stream never holds more than the live events of a moment.
    let delivered = Promise.resolve();
    const send = (event: ExecutionEvent): Promise<void> => {
      delivered = delivered
        .then(async () => {
          if (closed) return;
          if ((await engine.executions.maySeeEvent(principal, event.execution)) && !res.writableEnded) res.write(`id: ${event.seq}\nevent: execution\ndata: ${JSON.stringify(event)}\n\n`);
        })
        .catch(() => {
          res.end();
        });
      return delivered;
    };
    // Listen before replaying from the database so that nothing committed meanwhile is lost; what
    // arrives meanwhile is sent after the replay, unless the replay had it.
    let pending: ExecutionEvent[] | undefined = [];
    const unsubscribe = engine.events.subscribeCluster((changed) => {
      if (changed.client !== client) return;
      const event = presentChange(changed);
      if (pending !== undefined) pending.push(event);
      else send(event);
    });
    const heartbeat = setInterval(() => {
      res.write(": heartbeat\n\n");
      // A session ended (logout, a client switch, idle) ends its stream.
      sessions.isLive(session.id).then(
        (live) => {
          if (!live) res.end();
        },
        () => undefined,
      );
      principalOf(engine, session, address).then(
        (current) => {
          principal = current;
        },
        (error: unknown) => {
          // Another failure (throttled, the database away) keeps the rights the stream has until the next heartbeat.
          if (error instanceof UnauthorizedError) res.end();
        },
      );
    }, heartbeatMs);
    stopLive = () => {
      clearInterval(heartbeat);
      unsubscribe();
    };

    // A replay ends when its listener has gone: nothing is read or decided for no one.
    const replayed = new Set<number>();
    for (;;) {
      const batch = await engine.eventsAfter(client, position, REPLAY_BATCH);
      for (const event of batch) {
        if (closed) return;
        replayed.add(event.seq);
        await send(event);
        position = event.seq;
      }
      if (batch.length < REPLAY_BATCH || closed) break;
    }
    const caughtUp = pending;
    pending = undefined;
    for (const event of caughtUp) if (!replayed.has(event.seq)) await send(event);
  };
}

/** The session's login as the engine authenticates it, with its rights as they are now. */
function principalOf(engine: Engine, session: Session, address: string): Promise<Principal> {
  return engine.authenticate({ client: session.client, user: session.user, department: session.department, password: session.password }, session.client, address);
}

/** Runs `then` once the response has closed: now, when it already has (its "close" is not emitted again). */
function whenClosed(res: Response, then: () => void): void {
  if (res.closed) then();
  else res.once("close", then);
}

/** The event streams open per session on this node. */
class OpenStreams {
  readonly #bySession = new Map<string, number>();

  /** Counts a stream of the session until its `close`, or refuses it (undefined) when the session holds as many as it may. */
  open(sessionId: string): { close(): void } | undefined {
    const open = this.#bySession.get(sessionId) ?? 0;
    if (open >= MAX_STREAMS_PER_SESSION) return undefined;
    this.#bySession.set(sessionId, open + 1);
    return {
      close: () => {
        const left = (this.#bySession.get(sessionId) ?? 1) - 1;
        if (left > 0) this.#bySession.set(sessionId, left);
        else this.#bySession.delete(sessionId);
      },
    };
  }
}
