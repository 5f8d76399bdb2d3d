import type { Kysely } from "kysely";
import type { Dialect } from "../dialect";
import { columnTypes } from "./column-types";

/**
 * When a user was locked by failed logins, so that the lock can end by itself after the client's
 * LOGIN_LOCK_MINUTES. Null for users that are not locked and for locks an administrator set (by
 * importing the user with `is_locked` 1): those last until someone unlocks them.
 */
export function loginLockTimeMigration(dialect: Dialect) {
  const { time } = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable("user_credentials").addColumn("locked_at", time).execute();
    },
  };
}
