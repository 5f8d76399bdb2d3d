import { z } from "zod";


/** One object body of the export format; only general_attributes is common to every type. */
export const ObjectBody = z
  .object({
    metadata: z.object({ version: z.string() }).loose().optional(),
    general_attributes: z
      .object({
        name: z.string(),
        type: z.string().optional(),
      })
      .loose(),
  })
  .loose();
export type ObjectBody = z.infer<typeof ObjectBody>;

/** The export/import envelope (reference/object-format.md). */
export const InImportObjectBody = z.object({
  total: z.number().optional(),
  data: z.record(z.string().regex(/^[a-z_]{2,8}$/, "must be an object type in lower case"), ObjectBody),
  path: z.string().max(1000).default(""),
  client: z.union([z.number(), z.string()]).optional(),
  hasmore: z.boolean().optional(),
});
export type InImportObjectBody = z.infer<typeof InImportObjectBody>;

export const OutObject = z.object({
  total: z.literal(1),
  data: z.record(z.string(), ObjectBody),
  path: z.string(),
  client: z.int(),
  hasmore: z.literal(false),
});
export type OutObject = z.infer<typeof OutObject>;

export const ImportObjectQuery = z.object({
  overwrite_existing_objects: z.enum(["true", "false"]).transform((v) => v === "true").default(false),
});

