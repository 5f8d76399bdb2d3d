// The job launcher: a small Node process that starts the embedded agent's jobs so the engine does
// not have to. On Linux, spawning forks the calling process, and the synchronous cost of that grows
// with the caller's memory: a few hundred MB of engine block its event loop for ~20 ms per job.
// This process stays small, so its forks stay cheap, and they block nobody else.
//
// Plain JavaScript so it starts with bare `node` (no tsx), and CommonJS rather than an ES module:
// a CommonJS main module runs before node first reads the IPC channel, so the listeners below see
// every message. An ES module loads asynchronously, and when the engine died just after handing
// over a job, the job's start and the channel's end were consumed during that load: the job the
// engine had recorded as started never ran.
//
// It is started by launcher-client.ts with `fork(..., { serialization: "advanced" })` and talks
// over the IPC channel:
//
//   engine -> launcher  { type: "start", id, command, args, cwd, env, uid?, gid? }
//                       { type: "pause" | "resume", id, stream: "stdout" | "stderr" }
//                                                      stop / go on reading that output of the job
//                                                      (while stopped, its pipe fills and the job waits)
//   launcher -> engine  { type: "started", id, pid }
//                       { type: "error", id, message }        the process could not be started
//                       { type: "output", id, stream: "stdout" | "stderr", chunk: Buffer }
//                       { type: "close", id, code, signal }
//
// Killing is not its business: the engine signals the job's process group itself, by the pid
// reported in "started".
"use strict";
const { spawn } = require("node:child_process");

/** The outputs of the jobs started and not yet closed, by id. */
const children = new Map();

/** Pieces of one output of a job sent and not yet taken by the channel, at which the launcher stops reading that output. */
const MAX_UNSENT_PIECES = 8;

/**
 * @param {Record<string, unknown>} message
 * @param {() => void} [sent] called once the channel has taken the message
 */
function send(message, sent = () => {}) {
  // Once the engine is gone there is nobody to tell; "disconnect" ends this process.
  if (process.connected) process.send(message, undefined, {}, sent);
}

/**
 * Sends one output of a job to the engine as it comes, reading it only as fast as the channel takes
 * it and not at all while the engine holds it, so that a job writing faster than the engine takes
 * its output waits at its writes instead of piling up here.
 * @param {number} id
 * @param {"stdout" | "stderr"} name
 * @param {import("node:stream").Readable} output
 */
function forward(id, name, output) {
  const flow = { held: false, unsent: 0 };
  const pace = () => {
    if (flow.held || flow.unsent >= MAX_UNSENT_PIECES) output.pause();
    else output.resume();
  };
  output.on("data", (chunk) => {
    flow.unsent++;
    pace();
    send({ type: "output", id, stream: name, chunk }, () => {
      flow.unsent--;
      pace();
    });
  });
  return {
    /** @param {boolean} held */
    hold(held) {
      flow.held = held;
      pace();
    },
  };
}

/** @param {{ id: number, command: string, args: string[], cwd: string, env: Record<string, string>, uid?: number, gid?: number }} request */
function start({ id, command, args, cwd, env, uid, gid }) {
  let child;
  try {
    child = spawn(command, args, {
      cwd,
      env,
      // Its own process group, so the engine's kill(-pid) reaches everything the job started.
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      ...(uid !== undefined && { uid }),
      ...(gid !== undefined && { gid }),
    });
  } catch (error) {
    // Some failures (EPERM for another user, say) throw instead of emitting "error".
    send({ type: "error", id, message: error instanceof Error ? error.message : String(error) });
    return;
  }
  child.on("error", (error) => {
    // After a successful start, "close" follows and reports the outcome.
    if (child.pid === undefined) send({ type: "error", id, message: error.message });
  });
  if (child.pid === undefined) return;
  send({ type: "started", id, pid: child.pid });
  children.set(id, { stdout: forward(id, "stdout", child.stdout), stderr: forward(id, "stderr", child.stderr) });
  // "close", not "exit": a backgrounded process that keeps the output open keeps the job running.
  child.on("close", (code, signal) => {
    children.delete(id);
    send({ type: "close", id, code, signal });
  });
}

/** @param {{ type: "pause" | "resume", id: number, stream: "stdout" | "stderr" }} request */
function hold({ type, id, stream }) {
  children.get(id)?.[stream === "stderr" ? "stderr" : "stdout"].hold(type === "pause");
}

process.on("message", (message) => {
  if (message === null || typeof message !== "object") return;
  if (message.type === "start") start(message);
  else if (message.type === "pause" || message.type === "resume") hold(message);
});
// The engine decides when to stop: a Ctrl-C or SIGTERM sent to its process group lets it shut down
// gracefully, and its running jobs, whose output comes through here, must outlive that signal.
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => {});
// The engine closed the channel or ended: jobs still running lose their reader, as they would have
// had the engine started them.
process.on("disconnect", () => process.exit(0));
