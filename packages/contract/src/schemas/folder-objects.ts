import { z } from "zod";
import { acceptClientSpellings } from "./client-spelling";
import { OBJECT_TYPE_KEYS, ObjectBody, isObjectTypeKey, withEmptyScriptLines, type ObjectTypeKey } from "./objects";
import { OutValidationError } from "./errors";
import { QueryFlag } from "./primitives";

/** A folder path as sent: `\` or `/` separators, "" or `\` for the root. */
const FolderPathText = z.string({ error: "must be a folder path (a string)" }).max(1000, { error: "must be at most 1000 characters" });

/** One entry of a folder import as the engine reads it: the object's type key, its body and its folder. */
export interface FolderObjectEntry {
  key: ObjectTypeKey;
  body: ObjectBody;
  /** Folder relative to the imported folder; "" is that folder. */
  path: string;
  /** Where the body lies in the entry, for issue paths: `data.jobs` (the vendor's entries) or `jobs`. */
  member?: string;
}


/**
 * One entry of InFolderObjects. The vendor's shape (its 21.0 export):
 * `{"data": {"<type in lower case>": {body}}, "path": "SUB/FOLDER"}`; other members beside `data`
 * and `path` are ignored. Baton's earlier shape without `data`, `{"<type>": {body}, "path": ...}`,
 * is read too. Either way exactly one object keyed by its type.
 */
export const InFolderObjectEntry = z
  .looseObject({
    data: z
      .record(z.string(), z.unknown(), { error: 'must be an object keyed by the object\'s type, such as {"jobs": {...}}' })
      .optional()
      .meta({ description: 'The object keyed by its type in lower case, e.g. {"jobs": {...}} (an object export\'s `data`)' }),
    path: FolderPathText.default(""),
  })
  .transform((entry, ctx): FolderObjectEntry => {
    const { path, data, ...rest } = entry;
    const wrapped = data !== undefined;
    const objects: Record<string, unknown> = wrapped ? data : rest;
    const at: string[] = wrapped ? ["data"] : [];
    const keys = Object.keys(objects);
    const unknown = keys.filter((key) => !isObjectTypeKey(key));
    // Beside `data`, members are the envelope's (client, total, ...), not objects: only `data` is read.
    if (unknown.length > 0) ctx.addIssue({ code: "unrecognized_keys", keys: unknown, path: at, message: `is not an object type; use one of ${OBJECT_TYPE_KEYS.join(", ")}`, input: entry });
    const key = keys[0];
    if (unknown.length > 0 || key === undefined || !isObjectTypeKey(key) || keys.length !== 1) {
      if (unknown.length === 0) ctx.addIssue({ code: "custom", path: at, message: wrapped ? "must hold exactly one object keyed by its type" : "must hold exactly one object keyed by its type, beside path", input: keys });
      return z.NEVER;
    }
    const body = ObjectBody.safeParse(withEmptyScriptLines(objects[key]));
    if (!body.success) {
      for (const issue of body.error.issues) ctx.addIssue({ code: "custom", path: [...at, key, ...issue.path], message: issue.message });
      return z.NEVER;
    }
    return { key, body: body.data, path, member: [...at, key].join(".") };
  });

export const OutFolderExportWarnings = z.object({
  /** Objects the exported ones refer to that the export does not carry. */
  unresolved_external_references: z.array(z.string()),
  /** Objects left out because the user may not read them. */
  access_denied: z.array(z.string()),
});
export type OutFolderExportWarnings = z.infer<typeof OutFolderExportWarnings>;

/**
 * An exported entry, as the vendor's engine writes it: `data` holds the object keyed by its type in
 * lower case; `path` is its folder relative to the folder the exported one lies in (the exported
 * folder's own FOLD entry has path "", its objects the folder's name).
 */
export const OutFolderObjectEntry = z.object({ data: z.record(z.string(), ObjectBody), path: z.string() });
export type OutFolderObjectEntry = z.infer<typeof OutFolderObjectEntry>;

export const OutFolderObjects = z.object({
  data: z.array(OutFolderObjectEntry),
  warnings: OutFolderExportWarnings.optional(),
});
export type OutFolderObjects = z.infer<typeof OutFolderObjects>;

/** The body of POST /folderobjects; `warnings` of an export are accepted and ignored. */
export const InFolderObjects = acceptClientSpellings(z.object({
  data: z.array(InFolderObjectEntry),
  warnings: OutFolderExportWarnings.partial().optional(),
}));

export const FolderImportQuery = z.object({
  overwrite_existing_objects: QueryFlag.default(false),
  /** Where the entries' paths start; "" is the root. A missing folder is created. */
  folder_path: FolderPathText.default(""),
  dry_run: QueryFlag.default(false).describe(
    "Baton extension: check every entry exactly as the import would and answer what it would do with each (result, change, problems), writing nothing.",
  ),
  skip_invalid: QueryFlag.default(false).describe(
    "Baton extension: import the entries that can be imported and answer the others as skipped with their problems, instead of refusing the whole import.",
  ),
});

export const FOLDER_IMPORT_RESULTS = ["created", "replaced", "kept", "skipped"] as const;
export type FolderImportResult = (typeof FOLDER_IMPORT_RESULTS)[number];

/** How an entry compares with what the client holds (dry_run and skip_invalid answers). */
export const FOLDER_IMPORT_CHANGES = ["new", "changed", "unchanged"] as const;
export type FolderImportChange = (typeof FOLDER_IMPORT_CHANGES)[number];

/** What a folder import did (or, in a dry run, would do) with one entry. */
export const OutFolderImportEntry = z.object({
  name: z.string(),
  type: z.string(),
  /** The object's folder in the client (not relative). */
  path: z.string(),
  /**
   * created; replaced (overwrite_existing_objects=true); kept (a folder that existed: folders merge);
   * skipped (dry_run or skip_invalid only: the entry cannot be imported, `problems` say why).
   */
  result: z.enum(FOLDER_IMPORT_RESULTS),
  /**
   * Baton extension (dry_run, skip_invalid): new (no object of that name), changed (its definition
   * or folder differs) or unchanged; absent when the entry is invalid whatever exists.
   */
  change: z.enum(FOLDER_IMPORT_CHANGES).optional(),
  /**
   * Baton extension (dry_run, skip_invalid): the folder an existing object lies in now, when the
   * entry puts it in another (`path`); absent for an object the user may not read.
   */
  moved_from: z.string().optional(),
  /** Baton extension (dry_run, skip_invalid): why a skipped entry cannot be imported, as a refused import names it. */
  problems: z.array(OutValidationError).optional(),
});
export type OutFolderImportEntry = z.infer<typeof OutFolderImportEntry>;

/**
 * The answer of a folder import. Without skip_invalid it is all or nothing: a refused one answers an
 * error and changes nothing. With dry_run or skip_invalid, `objects` holds every entry in the order
 * sent, skipped ones included.
 */
export const OutFolderImport = z.object({
  folder_path: z.string(),
  total: z.int(),
  created: z.int(),
  replaced: z.int(),
  kept: z.int(),
  /** Baton extension (dry_run, skip_invalid): entries not imported. */
  skipped: z.int().optional(),
  /** Baton extension: true when nothing was written because dry_run asked only what the import would do. */
  dry_run: z.boolean().optional(),
  /** Folders made because folder_path did not exist. */
  created_folders: z.array(z.string()),
  objects: z.array(OutFolderImportEntry),
});
export type OutFolderImport = z.infer<typeof OutFolderImport>;
