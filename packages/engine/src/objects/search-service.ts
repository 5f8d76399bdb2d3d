import type { InSearchBody } from "@baton/contract";
import { requirePrivilege } from "../auth/access";
import type { Principal } from "../auth/authenticator";
import { folderAccess } from "../domain/search-access";
import { searchQuery } from "../domain/search-query";
import type { Store } from "../store/connect";
import { searchObjects, type SearchRow } from "../store/search-store";
import { textClientSetting } from "../store/client-settings";

/** A page of search results with the exact number of matches. */
export interface SearchPage {
  total: number;
  rows: SearchRow[];
  hasmore: boolean;
}

/** POST /{client_id}/search: objects (or calendar events) that meet every filter. */
export class SearchService {
  constructor(private readonly store: Store) {}

  /**
   * Needs the SEARCH privilege; finds what lies in folders the user may read (folder
   * permissions, not those on objects: spec, search rules).
   */
  async search(principal: Principal, body: InSearchBody): Promise<SearchPage> {
    requirePrivilege(principal, "SEARCH");
    const query = searchQuery(body, principal.client);
    const lastUse = (await textClientSetting(this.store.db, principal.client, "LAST_USE")) === "ON";
    const { total, rows } = await searchObjects(this.store, query, { access: folderAccess(principal.rights), lastUse });
    return { total, rows, hasmore: query.startAt + rows.length < total };
  }
}
