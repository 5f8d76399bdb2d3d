import { ErrorCode, type OutError } from "@baton/contract";
import type { Request, RequestHandler, Response } from "express";

/** 404 in the API's OutError shape, naming the path (never a file on this machine). */
export function notFound(req: Request, res: Response): void {
  res.status(404).json({ code: ErrorCode.NOT_FOUND, error: "Resource not found.", details: `There is no resource at ${req.originalUrl.split("?")[0]}.` } satisfies OutError);
}

/** 405 with `Allow` for a path that exists but not for this method, as the REST API answers. */
export function methodNotAllowed(allowed: readonly string[]): RequestHandler {
  return (req, res) => {
    res.setHeader("Allow", allowed.join(", "));
    const path = req.originalUrl.split("?")[0];
    res.status(405).json({ code: ErrorCode.METHOD_NOT_ALLOWED, error: "Method not allowed.", details: `${req.method} is not allowed on ${path}; use ${allowed.join(", ")}.` } satisfies OutError);
  };
}
