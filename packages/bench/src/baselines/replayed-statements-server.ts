import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import type { Database } from "better-sqlite3";

/** A statement as the engine's query log recorded it. */
export interface RecordedStatement {
  sql: string;
  parameters: readonly unknown[];
}

/**
 * A bare node:http server that runs, for every request, the very statements the engine ran for one
 * request (recorded from its query log), each prepared once with better-sqlite3, and answers
 * JSON.stringify of their rows: the engine's SQL without the engine around it.
 */
export function replayedStatementsServer(db: Database, statements: readonly RecordedStatement[]): RequestListener {
  const prepared = statements.map(({ sql, parameters }) => ({ statement: db.prepare(sql), parameters }));
  return (_req: IncomingMessage, res: ServerResponse) => {
    const results = prepared.map(({ statement, parameters }) => (statement.reader ? statement.all(...parameters) : statement.run(...parameters)));
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(results));
  };
}
