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
//   launcher -> engine  { type: "started", id, pid }
//                       { type: "error", id, message }        the process could not be started
//                       { type: "output", id, stream: "stdout" | "stderr", chunk: Buffer }
//                       { type: "close", id, code, signal }
//
// Killing is not its business: the engine signals the job's process group itself, by the pid
// reported in "started".
"use strict";
const { spawn } = require("node:child_process");

/** @param {Record<string, unknown>} message */
function send(message) {
  // Once the engine is gone there is nobody to tell; "disconnect" ends this process.
  if (process.connected) process.send(message, undefined, {}, () => {});
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
  child.stdout.on("data", (chunk) => send({ type: "output", id, stream: "stdout", chunk }));
  child.stderr.on("data", (chunk) => send({ type: "output", id, stream: "stderr", chunk }));
  // "close", not "exit": a backgrounded process that keeps the output open keeps the job running.
  child.on("close", (code, signal) => send({ type: "close", id, code, signal }));
}

process.on("message", (message) => {
  if (message !== null && typeof message === "object" && message.type === "start") start(message);
});
// The engine decides when to stop: a Ctrl-C or SIGTERM sent to its process group lets it shut down
// gracefully, and its running jobs, whose output comes through here, must outlive that signal.
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => {});
// The engine closed the channel or ended: jobs still running lose their reader, as they would have
// had the engine started them.
process.on("disconnect", () => process.exit(0));
