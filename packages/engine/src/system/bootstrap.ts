import { ALL_RIGHTS, PRIVILEGES } from "@baton/contract";
import type { Store } from "../store/connect";
import { ensureClient } from "../store/clients-store";
import { countCredentials, setPasswordHash } from "../store/credentials-store";
import { findObject, insertObject } from "../store/objects-store";
import type { Clock } from "../runtime/clock";
import { generatePassword, hashPassword } from "../auth/passwords";

/** Clients every installation starts with: 0 (system) and 100 (the default working client). */
export const BOOTSTRAP_CLIENTS = [
  { id: 0, title: "System client" },
  { id: 100, title: "Default client" },
] as const;

export const BOOTSTRAP_USER = "ADMIN/ADMIN";

export interface BootstrapResult {
  /** The generated administrator password, only on the first start without a configured one. */
  generatedPassword?: string;
  createdClients: number[];
}

/**
 * First start: creates clients 0 and 100, each with the administrator ADMIN/ADMIN (every
 * privilege, every right on every object). The
 * password is the configured one or a generated one that is returned once; only its hash is stored.
 */
export async function bootstrap(store: Store, clock: Clock, configuredPassword: string | undefined): Promise<BootstrapResult> {
  const now = clock.now();
  const createdClients: number[] = [];
  let password = configuredPassword;
  let generated: string | undefined;
  for (const client of BOOTSTRAP_CLIENTS) {
    if (await ensureClient(store.db, client.id, client.title, now)) createdClients.push(client.id);
    if ((await countCredentials(store.db, client.id)) > 0) continue;
    if (password === undefined) {
      password = generatePassword();
      generated = password;
    }
    if ((await findObject(store.db, client.id, BOOTSTRAP_USER)) === undefined) {
      await insertObject(
        store.db,
        client.id,
        {
          type: "USER",
          name: BOOTSTRAP_USER,
          folder: "",
          body: {
            metadata: { version: "21.0.0" },
            general_attributes: { name: BOOTSTRAP_USER, type: "USER", title: "Administrator" },
            user_attributes: { first_name: "Baton", last_name: "Administrator", is_active: 1, is_locked: 0 },
            privileges: [...PRIVILEGES],
            authorizations: [{ filter_object_type: "*", filter_object_name: "*", bitcode: ALL_RIGHTS, auth_group: 1 }],
          },
        },
        "BATON",
        now,
      );
    }
    await setPasswordHash(store.db, client.id, BOOTSTRAP_USER, await hashPassword(password), now);
  }
  return generated === undefined ? { createdClients } : { generatedPassword: generated, createdClients };
}
