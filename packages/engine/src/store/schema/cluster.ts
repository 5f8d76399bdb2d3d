/** Engine nodes on this database and their last life sign (migration 0018). */
export interface NodesTable {
  id: string;
  host: string;
  pid: number;
  /** Comma-separated roles: api, agents, scheduling. */
  roles: string;
  /** Standalone agents connected to the node at its last life sign: how many, and their names (comma-separated). */
  agent_connections: number;
  agents: string;
  started_at: number;
  last_seen_at: number;
}

/** A role one node holds until `expires_at` unless it renews it (migration 0018). */
export interface LeasesTable {
  name: string;
  holder: string;
  expires_at: number;
}
