import type { ObjectBody } from "@baton/contract";
import { MEMBER_VIEWS, TRAILING_MEMBERS } from "./object-definition-view-members";
import { genericSection, humanize, type DefinitionSection } from "./object-definition-view-fields";

/**
 * An object's definition as an operator reads it: labelled fields, tables and script pages, in
 * the words of the screen rather than the export format's member names. Pure, so each type's
 * reading is table-tested; object-definition-view.tsx draws the sections.
 */

/**
 * The sections of an object's definition: its general attributes first, then its members in the
 * order of the definition as each type's reading gives them (object-definition-view-members.ts),
 * metadata and documentation last. A member with no reading still appears, as fields, a table or JSON.
 */
export function definitionSections(body: ObjectBody): DefinitionSection[] {
  const type = String(body.general_attributes.type ?? "").toUpperCase();
  const members = Object.keys(body);
  const order = [
    ...members.filter((m) => m === "general_attributes"),
    ...members.filter((m) => m !== "general_attributes" && !TRAILING_MEMBERS.includes(m)),
    ...TRAILING_MEMBERS.filter((m) => members.includes(m)),
  ];
  return order.flatMap((member) => {
    const view = MEMBER_VIEWS[member];
    const value = body[member];
    if (view === undefined) return [genericSection(humanize(member), value)];
    return view(value, body, type);
  });
}
