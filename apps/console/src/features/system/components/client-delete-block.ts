import { SYSTEM_CLIENT } from "../api/system-client";

/**
 * Why the server would refuse (409) to delete `target` for a user logged in to `loggedIn`, in words
 * for the disabled button; null when it may be deleted.
 */
export function clientDeleteBlock(target: number, loggedIn: number): string | null {
  if (target === SYSTEM_CLIENT) return "Client 0 is the system client and cannot be deleted.";
  if (target === loggedIn) return "You are logged in to this client: log in to another client to delete it.";
  return null;
}
