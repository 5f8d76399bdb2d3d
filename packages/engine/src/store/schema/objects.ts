import type { Generated } from "kysely";

export interface ClientsTable {
  id: number;
  title: string;
  created_at: number;
}

export interface ObjectsTable {
  id: Generated<number>;
  client: number;
  name: string;
  type: string;
  folder: string;
  /** The object body of the export format, as JSON, stored losslessly. */
  body: string;
  created_at: number;
  created_by: string;
  modified_at: number;
  modified_by: string;
}

/** Folders created explicitly (FOLD objects); a folder also exists while objects are in it. */
export interface FoldersTable {
  client: number;
  /** Normalised path: upper case, `/` separators, no leading or trailing one. */
  path: string;
  /** The FOLD body of the export format, as JSON, stored losslessly. */
  body: string;
  created_at: number;
  created_by: string;
  modified_at: number;
  modified_by: string;
}

/** Password hashes of USER objects, kept apart so that no export can carry them. */
export interface UserCredentialsTable {
  client: number;
  /** The USER object's name, NAME/DEPARTMENT. */
  user_name: string;
  password_hash: string;
  failed_logins: number;
  modified_at: number;
  /** When failed logins locked the user (epoch ms); null when not locked by them. */
  locked_at: number | null;
}
