import { SYSTEM_CLIENT } from "../api/system-client";

/**
 * Why the server would refuse (400, code CONFLICT) to delete `target` for a user logged in to `loggedIn`, in words
 * for the disabled button; null when it may be deleted.
 */
export function clientDeleteBlock(target: number, loggedIn: number): string | null {
  if (target === SYSTEM_CLIENT) return "Client 0 is the system client and cannot be deleted.";
  // The server deletes clients from client 0 only (403 elsewhere).
  if (loggedIn !== SYSTEM_CLIENT) return target === loggedIn ? "You are logged in to this client; clients are deleted from the system client 0." : "Clients are deleted from the system client 0: log in to client 0 to delete it.";
  return null;
}
