import { operations } from "@baton/contract";
import type { ObjectService } from "../../objects/object-service";
import type { RuntimeEstimator } from "../../runtime/runtime-estimator";
import { presentObject, presentObjectErt, presentTimeZone, presentUsage } from "../presenters/object-presenter";
import { bindRoute, Reply } from "../route";

/** POST /{client_id}/objects, GET, PATCH and DELETE /{client_id}/objects/{object_name} and what hangs below it. */
export function objectsRoutes(objects: ObjectService, estimator: Pick<RuntimeEstimator, "estimateFor">) {
  return [
    bindRoute(operations.postObjects, {
      handle: async ({ principal, query, body }) => {
        await objects.import(principal, body, query.overwrite_existing_objects);
        return Reply.empty();
      },
    }),
    bindRoute(operations.getObjectsObjectNameInputs, {
      handle: async ({ principal, params }) => objects.inputs(principal, params.object_name),
    }),
    bindRoute(operations.getObjectsObjectNameTimezone, {
      handle: async ({ principal, params }) => presentTimeZone(await objects.timeZone(principal, params.object_name)),
    }),
    bindRoute(operations.getObjectsObjectNameErt, {
      // Read as GET of the object is (its rights, 404): the estimate is the one an execution would start with.
      handle: async ({ principal, params }) => {
        const object = await objects.read(principal, params.object_name);
        return presentObjectErt(object.name, await estimator.estimateFor(principal.client, object.name, object.body));
      },
    }),
    bindRoute(operations.getObjectsObjectNameUsage, {
      handle: async ({ principal, params }) => presentUsage(await objects.usage(principal, params.object_name)),
    }),
    bindRoute(operations.getObjectsObjectNameUsageCalendareventEventName, {
      handle: async ({ principal, params }) => presentUsage(await objects.calendarEventUsage(principal, params.object_name, params.event_name)),
    }),
    bindRoute(operations.getObjectsObjectName, {
      handle: async ({ principal, params, query }) => presentObject(await objects.read(principal, params.object_name), principal.client, query),
    }),
    bindRoute(operations.patchObjectsObjectName, {
      handle: async ({ principal, params, body }) => {
        await objects.patch(principal, params.object_name, body);
        return Reply.empty();
      },
    }),
    bindRoute(operations.deleteObjectsObjectName, {
      handle: async ({ principal, params }) => {
        await objects.delete(principal, params.object_name);
        return Reply.empty();
      },
    }),
  ];
}
