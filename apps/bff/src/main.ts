import { pino } from "pino";
import { startBaton } from "./baton";
import { loadConfig } from "./config";

const config = loadConfig(process.env);
const logger = pino({
  level: config.LOG_LEVEL,
  redact: { paths: ["req.headers.authorization", "password", "*.password", "headers.authorization"], censor: "[redacted]" },
});

// Every request answers its own failures (rest-router.ts, server.ts, app.ts). A promise rejected with
// nobody to handle it is still a bug: it is logged as one, and the process serves on rather than
// ending every other request with it. An uncaught exception leaves state unknown: it is logged,
// then Node ends the process as it always does.
process.on("unhandledRejection", (reason) => logger.error({ err: reason }, "unhandled promise rejection (a bug): the process goes on"));
process.on("uncaughtExceptionMonitor", (error, origin) => logger.fatal({ err: error, origin }, "uncaught exception: the process ends"));

const baton = await startBaton(config, logger);
const generated = baton.engine.bootstrap.generatedPassword;
const lines = [
  "",
  "Baton is running.",
  `  Console:  ${baton.url}/`,
  `  REST API: ${baton.restUrl}`,
  `  Login:    client 100 (or 0), user ADMIN, department ADMIN  (REST: Basic ADMIN/ADMIN:<password>)`,
  generated === undefined
    ? "  Password: the administrator password set on first start (BATON_ADMIN_PASSWORD)"
    : `  Password: ${generated}   <- generated on this first start and shown only now; keep it`,
  "",
];
process.stdout.write(`${lines.join("\n")}\n`);

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, "shutting down: running jobs get the grace time to finish");
  try {
    await baton.stop();
    logger.info("stopped cleanly");
    process.exit(0);
  } catch (error) {
    logger.error({ err: error }, "shutdown failed");
    process.exit(1);
  }
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
