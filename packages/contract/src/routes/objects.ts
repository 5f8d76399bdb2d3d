import { z } from "zod";
import { emptyAnswer, jsonAnswer } from "../openapi/answers";
import { NamedResponse } from "../schemas/executions";
import { GetObjectQuery, ImportObjectQuery, InImportObjectBody, InPatchObjectBody, OutObject, OutObjectErt, OutObjectUsage, OutTimeZoneInfo } from "../schemas/objects";
import { defineOperation, IMPORT_BODY_LIMIT, noBody, noParams } from "./operation";
import { ClientParams } from "./params";

/** An object name, a USER's NAME/DEPARTMENT, or (GET) a folder path such as `\OPS\NIGHTLY`. */
const ObjectParams = ClientParams.extend({ object_name: z.string().min(1).max(1000) });
const CalendarEventParams = ObjectParams.extend({ event_name: z.string().min(1).max(200) });

/** POST /{client_id}/objects, GET, PATCH and DELETE /{client_id}/objects/{object_name} and what hangs below it. */
export const objectOperations = {
  postObjects: defineOperation({
    method: "POST",
    path: "/:client_id/objects",
    summary: "Imports one object definition",
    // Clients parse the answer as JSON (the Node client's postObjects waits forever on an empty one).
    answer: emptyAnswer("The object was imported"),
    params: ClientParams,
    query: ImportObjectQuery,
    body: InImportObjectBody,
    bodyLimit: IMPORT_BODY_LIMIT,
  }),
  getObjectsObjectNameInputs: defineOperation({
    method: "GET",
    path: "/:client_id/objects/:object_name/inputs",
    summary: "The prompt inputs of an object",
    answer: jsonAnswer(NamedResponse, "The inputs by prompt set"),
    params: ObjectParams,
    query: noParams,
    body: noBody,
  }),
  getObjectsObjectNameTimezone: defineOperation({
    method: "GET",
    path: "/:client_id/objects/:object_name/timezone",
    summary: "The time zone an object's definition uses",
    answer: jsonAnswer(OutTimeZoneInfo, "The time zone, or the defaults"),
    params: ObjectParams,
    query: noParams,
    body: noBody,
  }),
  getObjectsObjectNameErt: defineOperation({
    method: "GET",
    path: "/:client_id/objects/:object_name/ert",
    summary: "The estimated runtime the object's next execution starts with (Baton extension)",
    answer: jsonAnswer(OutObjectErt, "The object's current ERT"),
    params: ObjectParams,
    query: noParams,
    body: noBody,
  }),
  getObjectsObjectNameUsage: defineOperation({
    method: "GET",
    path: "/:client_id/objects/:object_name/usage",
    summary: "The objects that refer to an object",
    answer: jsonAnswer(OutObjectUsage, "The referring objects"),
    params: ObjectParams,
    query: noParams,
    body: noBody,
  }),
  getObjectsObjectNameUsageCalendareventEventName: defineOperation({
    method: "GET",
    path: "/:client_id/objects/:object_name/usage/calendarevent/:event_name",
    summary: "The objects that refer to a calendar event",
    answer: jsonAnswer(OutObjectUsage, "The referring objects"),
    params: CalendarEventParams,
    query: noParams,
    body: noBody,
  }),
  getObjectsObjectName: defineOperation({
    method: "GET",
    path: "/:client_id/objects/:object_name",
    summary: "One object definition (or a folder's listing)",
    answer: jsonAnswer(OutObject, "The object"),
    params: ObjectParams,
    query: GetObjectQuery,
    body: noBody,
  }),
  patchObjectsObjectName: defineOperation({
    method: "PATCH",
    path: "/:client_id/objects/:object_name",
    summary: "Changes some members of an object: a part of its export, without name, type or path",
    answer: emptyAnswer("The object was changed"),
    params: ObjectParams,
    query: noParams,
    body: InPatchObjectBody,
    bodyLimit: IMPORT_BODY_LIMIT,
  }),
  deleteObjectsObjectName: defineOperation({
    method: "DELETE",
    path: "/:client_id/objects/:object_name",
    summary: "Deletes an object that is not in use",
    answer: emptyAnswer("The object was deleted"),
    params: ObjectParams,
    query: noParams,
    body: noBody,
  }),
};
