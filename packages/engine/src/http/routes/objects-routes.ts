import {
  emptyAnswer,
  GetObjectQuery,
  ImportObjectQuery,
  InImportObjectBody,
  InPatchObjectBody,
  jsonAnswer,
  NamedResponse,
  OutObject,
  OutObjectUsage,
  OutTimeZoneInfo,
} from "@baton/contract";
import { z } from "zod";
import type { ObjectService } from "../../objects/object-service";
import { presentObject, presentTimeZone, presentUsage } from "../presenters/object-presenter";
import { defineRoute, noBody, noParams, Reply } from "../route";
import { ClientParams } from "./params";

/** Imports of whole objects may be large (docs/security.md). */
export const IMPORT_BODY_LIMIT = 50 * 1024 * 1024;

/** An object name, a USER's NAME/DEPARTMENT, or (GET) a folder path such as `\OPS\NIGHTLY`. */
const ObjectParams = ClientParams.extend({ object_name: z.string().min(1).max(1000) });
const CalendarEventParams = ObjectParams.extend({ event_name: z.string().min(1).max(200) });

/** POST /{client_id}/objects, GET, PATCH and DELETE /{client_id}/objects/{object_name} and what hangs below it. */
export function objectsRoutes(objects: ObjectService) {
  return [
    defineRoute({
      method: "POST",
      path: "/:client_id/objects",
      summary: "Imports one object definition",
      // Clients parse the answer as JSON (the Node client's postObjects waits forever on an empty one).
      answer: emptyAnswer("The object was imported"),
      params: ClientParams,
      query: ImportObjectQuery,
      body: InImportObjectBody,
      bodyLimit: IMPORT_BODY_LIMIT,
      handle: async ({ principal, query, body }) => {
        await objects.import(principal, body, query.overwrite_existing_objects);
        return Reply.empty();
      },
    }),
    defineRoute({
      method: "GET",
      path: "/:client_id/objects/:object_name/inputs",
      summary: "The prompt inputs of an object",
      answer: jsonAnswer(NamedResponse, "The inputs by prompt set"),
      params: ObjectParams,
      query: noParams,
      body: noBody,
      handle: async ({ principal, params }) => objects.inputs(principal, params.object_name),
    }),
    defineRoute({
      method: "GET",
      path: "/:client_id/objects/:object_name/timezone",
      summary: "The time zone an object's definition uses",
      answer: jsonAnswer(OutTimeZoneInfo, "The time zone, or the defaults"),
      params: ObjectParams,
      query: noParams,
      body: noBody,
      handle: async ({ principal, params }) => presentTimeZone(await objects.timeZone(principal, params.object_name)),
    }),
    defineRoute({
      method: "GET",
      path: "/:client_id/objects/:object_name/usage",
      summary: "The objects that refer to an object",
      answer: jsonAnswer(OutObjectUsage, "The referring objects"),
      params: ObjectParams,
      query: noParams,
      body: noBody,
      handle: async ({ principal, params }) => presentUsage(await objects.usage(principal, params.object_name)),
    }),
    defineRoute({
      method: "GET",
      path: "/:client_id/objects/:object_name/usage/calendarevent/:event_name",
      summary: "The objects that refer to a calendar event",
      answer: jsonAnswer(OutObjectUsage, "The referring objects"),
      params: CalendarEventParams,
      query: noParams,
      body: noBody,
      handle: async ({ principal, params }) => presentUsage(await objects.calendarEventUsage(principal, params.object_name, params.event_name)),
    }),
    defineRoute({
      method: "GET",
      path: "/:client_id/objects/:object_name",
      summary: "One object definition (or a folder's listing)",
      answer: jsonAnswer(OutObject, "The object"),
      params: ObjectParams,
      query: GetObjectQuery,
      body: noBody,
      handle: async ({ principal, params, query }) => presentObject(await objects.read(principal, params.object_name), principal.client, query),
    }),
    defineRoute({
      method: "PATCH",
      path: "/:client_id/objects/:object_name",
      summary: "Changes some members of an object: a part of its export, without name, type or path",
      answer: emptyAnswer("The object was changed"),
      params: ObjectParams,
      query: noParams,
      body: InPatchObjectBody,
      bodyLimit: IMPORT_BODY_LIMIT,
      handle: async ({ principal, params, body }) => {
        await objects.patch(principal, params.object_name, body);
        return Reply.empty();
      },
    }),
    defineRoute({
      method: "DELETE",
      path: "/:client_id/objects/:object_name",
      summary: "Deletes an object that is not in use",
      answer: emptyAnswer("The object was deleted"),
      params: ObjectParams,
      query: noParams,
      body: noBody,
      handle: async ({ principal, params }) => {
        await objects.delete(principal, params.object_name);
        return Reply.empty();
      },
    }),
  ];
}
