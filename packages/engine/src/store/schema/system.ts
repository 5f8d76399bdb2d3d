/** One row: the installation's id (migration 0016). */
export interface InstallationTable {
  id: string;
  created_at: number;
}

/** Standalone agents known to the engine (migration 0014). */
export interface AgentsTable {
  name: string;
  platform: string;
  version: string;
  hardware: string;
  software: string;
  ip_address: string;
  /** 1 when the agent may run jobs. */
  authenticated: number;
  /** SHA-256 (hex) of the agent's own credential (a 256-bit random secret); null until it has one. */
  key_hash: string | null;
  /** The client the agent was made in through the API; null for a system agent (enrolled by an operator). */
  owner_client: number | null;
  created_at: number;
  last_seen_at: number | null;
}

/** Historic metrics: one value per type and minute (migration 0015). */
export interface MetricSamplesTable {
  type: string;
  /** Start of the minute, epoch ms. */
  at: number;
  value: number;
}

/** Installed RA solutions (migration 0017). */
export interface RaSolutionsTable {
  name: string;
  version: string;
  installed_at: number;
  installed_by: string;
}

/** Console sessions by the hash of their id (migration 0021). */
export interface ConsoleSessionsTable {
  id_hash: string;
  csrf_token: string;
  client: number;
  user_name: string;
  department: string;
  /** The password the session acts with, encrypted by the console backend. */
  sealed_password: string;
  created_at: number;
  last_seen_at: number;
}
