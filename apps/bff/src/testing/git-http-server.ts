import { spawn } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** A Git smart-HTTP server over `git http-backend`, asking for one Basic login. */
export interface GitHttpServer {
  /** `http://127.0.0.1:<port>/` followed by a repository's path below the root. */
  url: string;
  /** The Authorization headers the server received, for checking how the login travelled. */
  authorizations: string[];
  close(): Promise<void>;
}

/**
 * Serves the bare repositories below `root` through the real `git http-backend` (CGI), answering
 * 401 unless the request carries `username`/`password` as Basic authorization. It listens on
 * loopback, which Baton reaches as a repository remote only when BATON_CALLBACK_ALLOW allows it.
 */
export async function startGitHttpServer(root: string, username: string, password: string): Promise<GitHttpServer> {
  const expected = `Basic ${Buffer.from(`${username}:${password}`).toString("base64")}`;
  const authorizations: string[] = [];
  const server: Server = createServer((req, res) => {
    authorizations.push(req.headers.authorization ?? "");
    if (req.headers.authorization !== expected) {
      res.writeHead(401, { "www-authenticate": 'Basic realm="git"' }).end();
      return;
    }
    const url = new URL(req.url ?? "/", "http://localhost");
    const backend = spawn("git", ["http-backend"], {
      env: {
        ...process.env,
        GIT_PROJECT_ROOT: root,
        GIT_HTTP_EXPORT_ALL: "1",
        GIT_CONFIG_NOSYSTEM: "1",
        GIT_CONFIG_GLOBAL: "/dev/null",
        REQUEST_METHOD: req.method ?? "GET",
        PATH_INFO: decodeURIComponent(url.pathname),
        QUERY_STRING: url.search.slice(1),
        CONTENT_TYPE: req.headers["content-type"] ?? "",
        // Authenticated: http-backend then allows pushes.
        REMOTE_USER: username,
        REMOTE_ADDR: "127.0.0.1",
      },
    });
    req.pipe(backend.stdin);
    let head = Buffer.alloc(0);
    let headersSent = false;
    backend.stdout.on("data", (chunk: Buffer) => {
      if (headersSent) {
        res.write(chunk);
        return;
      }
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf("\r\n\r\n");
      if (end < 0) return;
      const headers = new Map<string, string>();
      for (const line of head.subarray(0, end).toString("latin1").split("\r\n")) {
        const colon = line.indexOf(":");
        headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
      }
      const status = Number((headers.get("status") ?? "200").split(" ")[0]);
      headers.delete("status");
      res.writeHead(status, Object.fromEntries(headers));
      headersSent = true;
      res.write(head.subarray(end + 4));
    });
    backend.on("close", () => {
      if (!headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    authorizations,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
