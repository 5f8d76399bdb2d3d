/** Which database the store speaks: SQLite (one process) or PostgreSQL (one or many). */
export type Dialect = "sqlite" | "postgres";
