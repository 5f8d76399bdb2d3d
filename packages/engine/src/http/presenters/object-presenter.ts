import type { GetObjectQuery, ObjectBody, OutFolderImport, OutObject, OutObjectErt, OutObjectUsage, OutTimeZoneInfo } from "@baton/contract";
import { wireTime } from "../../domain/wire-time";
import type { FolderImport } from "../../objects/folder-import";
import { issuePresenter } from "../error-response";
import type { ObjectTimeZone, ObjectUsage, ObjectView } from "../../objects/object-service";


/**
 * The OutObject envelope of an object, as an export: `filter` keeps only the named top-level
 * members (general_attributes always), `fields=modification_details` adds when and by whom it was
 * created and changed beside `data`.
 */
export function presentObject(object: ObjectView, client: number, query: GetObjectQuery): OutObject {
  const out: OutObject = { total: 1, data: { [object.type.toLowerCase()]: filteredBody(object.body, query.filter) }, path: object.folder, client, hasmore: false };
  const modification = object.modification;
  if (query.fields?.includes("modification_details") && modification !== undefined) {
    out.modification_details = {
      created_at: wireTime(modification.createdAt),
      created_by: modification.createdBy,
      modified_at: wireTime(modification.modifiedAt),
      modified_by: modification.modifiedBy,
    };
  }
  return out;
}

function filteredBody(body: ObjectBody, filter: readonly string[] | undefined): ObjectBody {
  if (filter === undefined) return body;
  const kept = Object.entries(body).filter(([member]) => filter.includes(member));
  return { ...Object.fromEntries(kept), general_attributes: body.general_attributes };
}

/** The ERT the object's next execution starts with; none before its first run that ended OK (unless FIXED). */
export function presentObjectErt(name: string, seconds: number | undefined): OutObjectErt {
  return seconds === undefined ? { object_name: name } : { object_name: name, estimated_runtime: seconds };
}

export function presentTimeZone(info: ObjectTimeZone): OutTimeZoneInfo {
  return {
    object_name: info.objectName,
    time_zone_object: info.timeZoneObject,
    zone: info.zone.zone,
    utc_offset: info.zone.utcOffset,
    daylight_saving_time: info.zone.daylightSaving,
    is_default: info.isDefault,
    evaluated_at: wireTime(info.at),
  };
}

export function presentUsage(usage: ObjectUsage): OutObjectUsage {
  return {
    total: usage.users.length,
    data: usage.users.map((user) => ({
      name: user.name,
      type: user.type,
      path: user.folder,
      references: user.references.map((reference) => ({
        kind: reference.kind,
        member: reference.member,
        ...(reference.calendarEvent !== undefined && { calendar_event: reference.calendarEvent }),
      })),
    })),
    hidden_by_access_rights: usage.hidden,
  };
}

/**
 * OutFolderImport. An all-or-nothing import answers as it always has; a dry run or an import with
 * skip_invalid adds `skipped` (and `dry_run`) and, per entry, `change` and a skipped entry's `problems`.
 */
export function presentFolderImport(result: FolderImport): OutFolderImport {
  const count = (outcome: string) => result.objects.filter((object) => object.result === outcome).length;
  const present = issuePresenter();
  const out: OutFolderImport = {
    folder_path: result.folder,
    total: result.objects.length,
    created: count("created"),
    replaced: count("replaced"),
    kept: count("kept"),
    created_folders: result.createdFolders,
    objects: result.objects.map((object) => ({
      name: object.name,
      type: object.type,
      path: object.folder,
      result: object.result,
      ...(result.entryByEntry && object.change !== undefined && { change: object.change }),
      ...(result.entryByEntry && object.movedFrom !== undefined && { moved_from: object.movedFrom }),
      ...(result.entryByEntry && object.result === "skipped" && { problems: object.problems.map(present) }),
    })),
  };
  if (result.entryByEntry) out.skipped = count("skipped");
  if (result.dryRun) out.dry_run = true;
  return out;
}
