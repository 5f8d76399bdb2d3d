import type { Kysely } from "kysely";
import type { Database } from "./schema";

export interface ExecutionComment {
  timestamp: number;
  comment: string;
  user: string;
}

export async function addComment(db: Kysely<Database>, client: number, runId: number, comment: ExecutionComment): Promise<void> {
  await db.insertInto("execution_comments").values({ client, run_id: runId, created_at: comment.timestamp, comment: comment.comment, user: comment.user }).execute();
}

/** An execution's comments, oldest first. */
export async function listComments(db: Kysely<Database>, client: number, runId: number): Promise<ExecutionComment[]> {
  const rows = await db.selectFrom("execution_comments").select(["created_at", "comment", "user"]).where("client", "=", client).where("run_id", "=", runId).orderBy("id").execute();
  return rows.map((r) => ({ timestamp: r.created_at, comment: r.comment, user: r.user }));
}
