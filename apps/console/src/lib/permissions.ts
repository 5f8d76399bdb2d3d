import { useId } from "react";
import { queryOptions, useQueries } from "@tanstack/react-query";
import type { ObjectAct, OutSessionPermissions, Privilege } from "@baton/contract";
import { loadSchema, requestJson } from "./api-client";
import { useCurrentSession } from "./session-context";

/** An object as rights name it: its type code (JOBS) and name. */
export interface ObjectRef {
  type: string;
  name: string;
}

/** A reason an action is off, and the id of the text that shows it (for the action's aria-describedby). */
export interface Refusal {
  id: string;
  text: string;
}

const RIGHT_WORDS: Record<ObjectAct, { doing: string; right: string }> = {
  read: { doing: "read", right: "read" },
  write: { doing: "change", right: "write" },
  execute: { doing: "execute", right: "execute" },
  delete: { doing: "delete", right: "delete" },
  cancel: { doing: "cancel executions of", right: "cancel" },
  statistics: { doing: "see executions of", right: "statistics" },
};

/**
 * Why the user may not do `act` on an object, in words: "Your user may not cancel executions of
 * JOBS 'X': it needs the cancel right. Ask an administrator." `doing` names the action when it is
 * not the act's own (restart and release need the cancel right too).
 */
export function refusalText(act: ObjectAct, object: ObjectRef, doing: string = RIGHT_WORDS[act].doing): string {
  return `Your user may not ${doing} ${object.type} '${object.name}': it needs the ${RIGHT_WORDS[act].right} right. Ask an administrator.`;
}

/** Why the user may not use a screen: it needs a privilege the user does not have. */
export function privilegeRefusalText(screen: string, privilege: Privilege): string {
  return `Your user may not use ${screen}: it needs the privilege ${privilege}. Ask an administrator.`;
}

const refKey = (object: ObjectRef) => `${object.type}:${object.name}`;

/** GET /bff/session/permissions: the session user's privileges and its acts on `objects`, as the engine decides them. */
export function getPermissions(objects: readonly ObjectRef[], signal?: AbortSignal): Promise<OutSessionPermissions> {
  const query = new URLSearchParams();
  for (const object of objects) query.append("object", refKey(object));
  const search = query.toString();
  return requestJson(`/bff/session/permissions${search ? `?${search}` : ""}`, loadSchema("OutSessionPermissions"), { signal });
}

/**
 * The most objects one request asks about: the contract's MAX_PERMISSION_OBJECTS (permissions.test.ts
 * holds them equal). Importing that value would bring the contract's schemas, and zod, into the first page.
 */
const OBJECTS_PER_REQUEST = 100;

/**
 * The object types the endpoint answers for (the contract's ObjectTypeCode: JOBS, JOBP, two to
 * eight letters). An execution's type need not be one: the engine checks the rights on a period
 * container as on an object of type C_PERIOD, which the endpoint refuses with 400 (and the whole
 * request with it). Such executions are not asked about: nothing is refused in advance, and the
 * engine's 403 says what is missing when the action is tried.
 */
const ASKABLE_TYPE = /^[A-Z]{2,8}$/;

/** Whether the endpoint can be asked about the object (permissions.test.ts holds this to the contract's schema). */
export function isAskable(object: ObjectRef): boolean {
  return ASKABLE_TYPE.test(object.type);
}

/** The objects the endpoint can answer for split into requests it takes; one request, for the privileges, when there are none. */
export function permissionRequests(objects: readonly ObjectRef[]): ObjectRef[][] {
  const askable = objects.filter(isAskable);
  const requests: ObjectRef[][] = [];
  for (let at = 0; at < askable.length; at += OBJECTS_PER_REQUEST) requests.push(askable.slice(at, at + OBJECTS_PER_REQUEST));
  return requests.length === 0 ? [[]] : requests;
}

export interface Permissions {
  /** Why the user may not do `act` on the object; undefined when it may, or while that is not known. */
  refusal(act: ObjectAct, object: ObjectRef, doing?: string): string | undefined;
  /** Whether the user surely lacks a privilege (false while that is not known). */
  lacks(privilege: Privilege): boolean;
}

function permissionsQuery(client: number, who: string, asked: readonly ObjectRef[], enabled: boolean) {
  return queryOptions({
    queryKey: ["session", "permissions", client, who, ...asked.map(refKey)],
    queryFn: ({ signal }) => getPermissions(asked, signal),
    staleTime: 60_000,
    enabled,
    // The answer is per object: while another set is asked (a selection grows), the last one stays true for the objects it names, when it was the same user's.
    placeholderData: (previous, query) => (query?.queryKey[2] === client && query.queryKey[3] === who ? previous : undefined),
  });
}

/**
 * What the session's user may do, to turn off (not hide) actions the engine would refuse. While the
 * answer is loading or failed, nothing is refused: the engine still refuses on its own.
 */
export function usePermissions(objects: readonly ObjectRef[], { enabled = true }: { enabled?: boolean } = {}): Permissions {
  const { client, user, department } = useCurrentSession();
  const answers = useQueries({ queries: permissionRequests(objects).map((asked) => permissionsQuery(client, `${user}/${department}`, asked, enabled)) });
  const loaded = answers.flatMap((answer) => (answer.data === undefined ? [] : [answer.data]));
  return {
    refusal(act, object, doing) {
      const answer = loaded.flatMap((data) => data.objects).find((candidate) => candidate.type === object.type && candidate.name === object.name);
      return answer === undefined || answer[act] ? undefined : refusalText(act, object, doing);
    },
    lacks: (privilege) => loaded[0] !== undefined && !loaded[0].privileges.includes(privilege),
  };
}

const NO_OBJECTS: readonly ObjectRef[] = [];

/**
 * Why the user may not do what needs `privilege`, with an id for the action's aria-describedby;
 * undefined when it may, or while that is not known. `screen` names it as privilegeRefusalText does.
 */
export function usePrivilegeRefusal(privilege: Privilege, screen: string): Refusal | undefined {
  const permissions = usePermissions(NO_OBJECTS);
  const id = useId();
  return permissions.lacks(privilege) ? { id, text: privilegeRefusalText(screen, privilege) } : undefined;
}
