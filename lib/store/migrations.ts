/**
 * Schema migrations, shared by PGlite and Postgres. Append only: a released migration is never
 * edited. Applied in order inside one transaction under an advisory lock, so several app instances
 * starting at once against one Postgres server apply each migration exactly once.
 */
export type Migration = { version: number; name: string; sql: string }

export const migrations: readonly Migration[] = [
  {
    version: 1,
    name: 'nonces and rate limits',
    sql: `
      CREATE TABLE sigil_nonces (
        nonce      text PRIMARY KEY,
        binding    text NOT NULL,
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX sigil_nonces_expires_at ON sigil_nonces (expires_at);
      CREATE TABLE sigil_rate_limits (
        key      text PRIMARY KEY,
        count    integer NOT NULL,
        reset_at timestamptz NOT NULL
      );
      CREATE INDEX sigil_rate_limits_reset_at ON sigil_rate_limits (reset_at);
    `,
  },
]

/** Arbitrary constant for `pg_advisory_xact_lock`: "sigil" in ASCII. */
export const MIGRATION_LOCK_ID = 0x736967696c
