import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import express, { Router } from "express";

/** The console's Content-Security-Policy: own origin only; MUI injects style elements. */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join("; ");

/** Serves the built console; any other GET path answers index.html so deep links work. */
export function consoleStatic(dir: string): Router {
  const root = resolve(dir);
  const index = join(root, "index.html");
  const router = Router();
  router.use((_req, res, next) => {
    res.setHeader("Content-Security-Policy", CSP);
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Referrer-Policy", "no-referrer");
    next();
  });
  router.use("/assets", express.static(join(root, "assets"), { immutable: true, maxAge: "365d", fallthrough: false }));
  router.use(express.static(root, { index: false }));
  router.get(/.*/, (_req, res) => {
    if (!existsSync(index)) {
      res.status(503).type("text/plain").send("The console is not built. Run `pnpm build` (or `pnpm start`, which builds it) and reload.");
      return;
    }
    res.setHeader("Cache-Control", "no-cache");
    res.sendFile(index);
  });
  return router;
}
