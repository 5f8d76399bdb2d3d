import { ImportObjectQuery, InImportObjectBody, type OutObject } from "@baton/contract";
import { z } from "zod";
import type { ObjectService } from "../../objects/object-service";
import { defineRoute, noBody, noParams, Reply } from "../route";
import { ClientParams } from "./params";

/** Imports of whole objects may be large. */
const IMPORT_BODY_LIMIT = 50 * 1024 * 1024;

const ObjectParams = ClientParams.extend({ object_name: z.string().min(1).max(401) });

/** POST /{client_id}/objects and GET /{client_id}/objects/{object_name}. */
export function objectsRoutes(objects: ObjectService) {
  return [
    defineRoute({
      method: "POST",
      path: "/:client_id/objects",
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
      params: ObjectParams,
      query: noParams,
      body: noBody,
      handle: async ({ principal, params }) => objects.inputs(principal, params.object_name),
    }),
    defineRoute({
      method: "GET",
      path: "/:client_id/objects/:object_name",
      params: ObjectParams,
      query: noParams,
      body: noBody,
      handle: async ({ principal, params }): Promise<OutObject> => {
        const object = await objects.get(principal, params.object_name);
        return { total: 1, data: { [object.type.toLowerCase()]: object.body }, path: object.folder, client: principal.client, hasmore: false };
      },
    }),
  ];
}
