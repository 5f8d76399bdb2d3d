import { createContext, useContext } from "react";
import type { OutSession } from "@baton/contract";

/**
 * The logged-in session, provided by the app around every page behind the login. Features read
 * the client number and the CSRF token from here rather than from the auth feature.
 */
export const SessionContext = createContext<OutSession | null>(null);

export function useCurrentSession(): OutSession {
  const session = useContext(SessionContext);
  if (session === null) throw new Error("useCurrentSession is only available on pages behind the login");
  return session;
}
