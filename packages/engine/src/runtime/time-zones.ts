import type { Kysely } from "kysely";
import { isTimeZone, readTimeZoneObject } from "../domain/time-zone";
import { findObject } from "../store/objects-store";
import type { Database } from "../store/schema";

/**
 * The zone a schedule or an activation names: an IANA name or fixed offset as it is, otherwise the
 * TZ object of that name in the client. Throws an Error saying what is missing or wrong.
 */
export async function resolveTimeZone(db: Kysely<Database>, client: number, name: string): Promise<string> {
  if (isTimeZone(name)) return name;
  const object = await findObject(db, client, name.toUpperCase());
  if (object?.type !== "TZ") throw new Error(`'${name}' is neither an IANA time zone such as Europe/Vienna nor a TZ object of client ${client}`);
  return readTimeZoneObject(object.body);
}
