import { isRecord } from "@baton/contract";
import type { ObjectBody } from "@baton/contract";

/** What a JOBF object transfers: `file_transfer_attributes` (docs/object-format.md). */
export interface FileTransfer {
  sourceAgent: string;
  sourcePath: string;
  destinationAgent: string;
  destinationPath: string;
  overwrite: boolean;
}

const MEMBERS = ["source_agent", "source_path", "destination_agent", "destination_path"] as const;

/** The members a JOBF must have that it lacks (as attribute names), for import validation. */
export function missingTransferMembers(body: ObjectBody): string[] {
  const attributes = isRecord(body["file_transfer_attributes"]) ? body["file_transfer_attributes"] : {};
  return MEMBERS.filter((m) => typeof attributes[m] !== "string" || String(attributes[m]).trim() === "");
}

export function readTransfer(body: ObjectBody): FileTransfer {
  const attributes = isRecord(body["file_transfer_attributes"]) ? body["file_transfer_attributes"] : {};
  const text = (key: string) => String(attributes[key] ?? "").trim();
  const overwrite = attributes["overwrite"];
  return {
    sourceAgent: text("source_agent").toUpperCase(),
    sourcePath: text("source_path"),
    destinationAgent: text("destination_agent").toUpperCase(),
    destinationPath: text("destination_path"),
    overwrite: overwrite === true || overwrite === 1 || overwrite === "1" || overwrite === "true",
  };
}
