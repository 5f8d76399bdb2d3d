import type { Kysely } from "kysely";
import type { Database } from "./schema";

export interface ClientRow {
  id: number;
  title: string;
}

export async function listClients(db: Kysely<Database>): Promise<ClientRow[]> {
  return db.selectFrom("clients").select(["id", "title"]).orderBy("id").execute();
}

/** Creates the client if it does not exist yet; returns whether it was created. */
export async function ensureClient(db: Kysely<Database>, id: number, title: string, now: number): Promise<boolean> {
  const result = await db
    .insertInto("clients")
    .values({ id, title, created_at: now })
    .onConflict((oc) => oc.column("id").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
