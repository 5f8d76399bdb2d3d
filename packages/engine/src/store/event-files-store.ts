import type { Kysely } from "kysely";
import type { SeenFile } from "../domain/event-definition";
import type { Database } from "./schema";
import { inTransaction } from "./transaction";

/** The files a file event saw at its last check. */
export async function listSeenFiles(db: Kysely<Database>, client: number, runId: number): Promise<SeenFile[]> {
  const rows = await db.selectFrom("event_files").select(["path", "size", "modified_ms", "fired"]).where("client", "=", client).where("run_id", "=", runId).orderBy("path").execute();
  return rows.map((r) => ({ path: r.path, size: Number(r.size), modifiedMs: Number(r.modified_ms), fired: r.fired === 1 }));
}

/** Replaces what a file event saw, in one transaction. */
export async function replaceSeenFiles(db: Kysely<Database>, client: number, runId: number, files: readonly SeenFile[]): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.deleteFrom("event_files").where("client", "=", client).where("run_id", "=", runId).execute();
    // Chunks keep each statement under the parameter limits of both databases.
    for (let i = 0; i < files.length; i += 500) {
      const rows = files.slice(i, i + 500).map((f) => ({ client, run_id: runId, path: f.path, size: f.size, modified_ms: f.modifiedMs, fired: f.fired ? 1 : 0 }));
      await trx.insertInto("event_files").values(rows).execute();
    }
  });
}
