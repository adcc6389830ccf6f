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
  {
    version: 2,
    name: 'embedded wallet: wallets, passkeys, challenges, recovery codes and sessions',
    sql: `
      CREATE TABLE sigil_embedded_wallets (
        wallet_id         text PRIMARY KEY,
        email             text NOT NULL,
        address           text NOT NULL,
        recovery_envelope text NOT NULL,
        vault             text NOT NULL,
        created_at        timestamptz NOT NULL
      );
      CREATE INDEX sigil_embedded_wallets_email ON sigil_embedded_wallets (email, created_at);
      CREATE TABLE sigil_embedded_credentials (
        credential_id text PRIMARY KEY,
        wallet_id     text NOT NULL REFERENCES sigil_embedded_wallets (wallet_id) ON DELETE CASCADE,
        public_key    text NOT NULL,
        counter       bigint NOT NULL,
        transports    text NOT NULL,
        created_at    timestamptz NOT NULL
      );
      CREATE INDEX sigil_embedded_credentials_wallet ON sigil_embedded_credentials (wallet_id);
      CREATE TABLE sigil_embedded_challenges (
        challenge_hash text PRIMARY KEY,
        purpose        text NOT NULL,
        wallet_id      text NOT NULL,
        expires_at     timestamptz NOT NULL
      );
      CREATE INDEX sigil_embedded_challenges_expires_at ON sigil_embedded_challenges (expires_at);
      CREATE TABLE sigil_embedded_codes (
        request_id  text PRIMARY KEY,
        email       text NOT NULL,
        code_hash   text NOT NULL,
        attempts    integer NOT NULL DEFAULT 0,
        created_at  timestamptz NOT NULL,
        expires_at  timestamptz NOT NULL,
        consumed_at timestamptz
      );
      CREATE INDEX sigil_embedded_codes_expires_at ON sigil_embedded_codes (expires_at);
      CREATE TABLE sigil_embedded_recovery_sessions (
        token_hash  text PRIMARY KEY,
        email       text NOT NULL,
        purpose     text NOT NULL,
        created_at  timestamptz NOT NULL,
        expires_at  timestamptz NOT NULL,
        consumed_at timestamptz
      );
      CREATE INDEX sigil_embedded_recovery_sessions_expires_at ON sigil_embedded_recovery_sessions (expires_at);
    `,
  },
  {
    version: 3,
    name: 'sign-in sessions, revocable',
    sql: `
      CREATE TABLE sigil_sessions (
        id_hash    text PRIMARY KEY,
        address    text NOT NULL,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX sigil_sessions_address ON sigil_sessions (address);
      CREATE INDEX sigil_sessions_expires_at ON sigil_sessions (expires_at);
    `,
  },
  {
    version: 4,
    name: 'embedded wallet custody: one live code per email, browser-bound HMAC codes, verified emails, recoveries and their cancel links',
    sql: `
      -- Codes now serve two purposes and are bound to the browser that asked for them.
      ALTER TABLE sigil_embedded_codes ADD COLUMN purpose text NOT NULL DEFAULT 'recovery';
      ALTER TABLE sigil_embedded_codes ADD COLUMN binding_hash text;
      -- Live codes from before are plain SHA-256 (crackable from the database) and may be several per
      -- email: all are voided (they lived 15 minutes; a user asks again), then at most one live code
      -- per email and purpose is what the index enforces from here on.
      UPDATE sigil_embedded_codes SET consumed_at = now() WHERE consumed_at IS NULL;
      CREATE UNIQUE INDEX sigil_embedded_codes_one_live ON sigil_embedded_codes (email, purpose) WHERE consumed_at IS NULL;
      -- Wallets made before verification keep NULL: they unlock as before, but are not recoverable by email.
      ALTER TABLE sigil_embedded_wallets ADD COLUMN email_verified_at timestamptz;
      CREATE TABLE sigil_embedded_recoveries (
        cancel_hash       text PRIMARY KEY,
        session_hash      text NOT NULL,
        wallet_id         text NOT NULL REFERENCES sigil_embedded_wallets (wallet_id) ON DELETE CASCADE,
        email             text NOT NULL,
        released_at       timestamptz NOT NULL,
        cancel_expires_at timestamptz NOT NULL,
        credential_id     text,
        completed_at      timestamptz,
        cancelled_at      timestamptz,
        UNIQUE (session_hash, wallet_id)
      );
      CREATE INDEX sigil_embedded_recoveries_cancel_expires_at ON sigil_embedded_recoveries (cancel_expires_at);
    `,
  },
  {
    version: 5,
    name: 'sign-in attempt as one prepared function',
    sql: `
      -- beginSignIn's statement (see sqlStore.ts) as a PL/pgSQL function: the same four
      -- data-modifying CTEs on one snapshot, but planned once per connection and then reused,
      -- instead of parsed and planned on every sign-in (about half the statement's time).
      CREATE FUNCTION sigil_begin_sign_in(
        client_key text, now_at timestamptz, client_reset timestamptz, nonce_value text,
        address_key text, address_reset timestamptz, binding_hash text,
        session_id_hash text, session_address text, session_expires_at timestamptz,
        client_max integer, address_max integer, session_created_at timestamptz
      ) RETURNS TABLE (
        client_count integer, client_reset_at timestamptz, nonce text, binding text, expires_at timestamptz,
        address_count integer, address_reset_at timestamptz, session_saved boolean
      ) LANGUAGE plpgsql AS $fn$
      #variable_conflict use_column
      BEGIN
        RETURN QUERY
        WITH client AS (
          INSERT INTO sigil_rate_limits AS r (key, count, reset_at) VALUES (client_key, 1, client_reset)
          ON CONFLICT (key) DO UPDATE SET
            count    = CASE WHEN r.reset_at <= now_at THEN 1 ELSE r.count + 1 END,
            reset_at = CASE WHEN r.reset_at <= now_at THEN client_reset ELSE r.reset_at END
          RETURNING r.count, r.reset_at
        ), taken AS (
          DELETE FROM sigil_nonces AS n WHERE n.nonce = nonce_value RETURNING n.nonce, n.binding, n.expires_at
        ), address AS (
          INSERT INTO sigil_rate_limits AS r (key, count, reset_at)
          SELECT address_key, 1, address_reset FROM taken WHERE taken.binding = binding_hash AND taken.expires_at > now_at
          ON CONFLICT (key) DO UPDATE SET
            count    = CASE WHEN r.reset_at <= now_at THEN 1 ELSE r.count + 1 END,
            reset_at = CASE WHEN r.reset_at <= now_at THEN address_reset ELSE r.reset_at END
          RETURNING r.count, r.reset_at
        ), saved AS (
          INSERT INTO sigil_sessions (id_hash, address, created_at, expires_at)
          SELECT session_id_hash, session_address, session_created_at, session_expires_at FROM client, address
          WHERE session_id_hash IS NOT NULL AND client.count <= client_max AND address.count <= address_max
          RETURNING 1
        )
        SELECT client.count, client.reset_at, taken.nonce, taken.binding, taken.expires_at,
               address.count, address.reset_at, EXISTS (SELECT 1 FROM saved)
        FROM client LEFT JOIN taken ON true LEFT JOIN address ON true;
      END
      $fn$;
    `,
  },
  {
    version: 6,
    name: 'sessions keep the chain they were signed in on',
    sql: `
      -- The session check compares the row's address and chain with the cookie's (a cookie re-sealed
      -- with another address or chain is no session). Rows from before keep NULL: their chain is not
      -- compared (they expire within a day).
      ALTER TABLE sigil_sessions ADD COLUMN chain_id integer;
      DROP FUNCTION sigil_begin_sign_in(text, timestamptz, timestamptz, text, text, timestamptz, text, text, text, timestamptz, integer, integer, timestamptz);
      CREATE FUNCTION sigil_begin_sign_in(
        client_key text, now_at timestamptz, client_reset timestamptz, nonce_value text,
        address_key text, address_reset timestamptz, binding_hash text,
        session_id_hash text, session_address text, session_expires_at timestamptz,
        client_max integer, address_max integer, session_created_at timestamptz, session_chain_id integer
      ) RETURNS TABLE (
        client_count integer, client_reset_at timestamptz, nonce text, binding text, expires_at timestamptz,
        address_count integer, address_reset_at timestamptz, session_saved boolean
      ) LANGUAGE plpgsql AS $fn$
      #variable_conflict use_column
      BEGIN
        RETURN QUERY
        WITH client AS (
          INSERT INTO sigil_rate_limits AS r (key, count, reset_at) VALUES (client_key, 1, client_reset)
          ON CONFLICT (key) DO UPDATE SET
            count    = CASE WHEN r.reset_at <= now_at THEN 1 ELSE r.count + 1 END,
            reset_at = CASE WHEN r.reset_at <= now_at THEN client_reset ELSE r.reset_at END
          RETURNING r.count, r.reset_at
        ), taken AS (
          DELETE FROM sigil_nonces AS n WHERE n.nonce = nonce_value RETURNING n.nonce, n.binding, n.expires_at
        ), address AS (
          INSERT INTO sigil_rate_limits AS r (key, count, reset_at)
          SELECT address_key, 1, address_reset FROM taken WHERE taken.binding = binding_hash AND taken.expires_at > now_at
          ON CONFLICT (key) DO UPDATE SET
            count    = CASE WHEN r.reset_at <= now_at THEN 1 ELSE r.count + 1 END,
            reset_at = CASE WHEN r.reset_at <= now_at THEN address_reset ELSE r.reset_at END
          RETURNING r.count, r.reset_at
        ), saved AS (
          INSERT INTO sigil_sessions (id_hash, address, chain_id, created_at, expires_at)
          SELECT session_id_hash, session_address, session_chain_id, session_created_at, session_expires_at FROM client, address
          WHERE session_id_hash IS NOT NULL AND client.count <= client_max AND address.count <= address_max
          RETURNING 1
        )
        SELECT client.count, client.reset_at, taken.nonce, taken.binding, taken.expires_at,
               address.count, address.reset_at, EXISTS (SELECT 1 FROM saved)
        FROM client LEFT JOIN taken ON true LEFT JOIN address ON true;
      END
      $fn$;
    `,
  },
  {
    version: 7,
    name: "embedded wallet: each wallet's hash-chained event log",
    sql: `
      -- server/store/walletLog.ts: each entry's hash covers its fields and the previous entry's hash.
      -- Appended inside the transaction of the change it records, under a per-wallet lock.
      CREATE TABLE sigil_embedded_wallet_events (
        wallet_id  text        NOT NULL,
        seq        integer     NOT NULL CHECK (seq > 0),
        kind       text        NOT NULL,
        at         timestamptz NOT NULL,
        detail     text        NOT NULL,
        prev_hash  text        NOT NULL,
        hash       text        NOT NULL,
        PRIMARY KEY (wallet_id, seq)
      );
    `,
  },
  {
    version: 8,
    name: 'embedded wallet: time-locked email recoveries (started, then the key after a delay, unless cancelled)',
    sql: `
      -- A recovery is now started first and its key released only after the delay
      -- (EMBEDDED_RECOVERY_DELAY), unless the owner cancels it meanwhile (the emailed link, or a
      -- passkey touch on a device that holds the wallet). One row per recovery, in one of three states.
      CREATE TABLE sigil_embedded_recovery_requests (
        recovery_id       text PRIMARY KEY,
        cancel_hash       text NOT NULL UNIQUE,
        token_hash        text NOT NULL,
        session_hash      text NOT NULL,
        wallet_id         text NOT NULL REFERENCES sigil_embedded_wallets (wallet_id) ON DELETE CASCADE,
        email             text NOT NULL,
        state             text NOT NULL CHECK (state IN ('started', 'cancelled', 'completed')),
        started_at        timestamptz NOT NULL,
        release_at        timestamptz NOT NULL,
        cancel_expires_at timestamptz NOT NULL,
        browser           text NOT NULL,
        place             text,
        key_released_at   timestamptz,
        finish_by         timestamptz,
        credential_id     text,
        completed_at      timestamptz,
        cancelled_at      timestamptz,
        UNIQUE (session_hash, wallet_id),
        UNIQUE (token_hash, wallet_id)
      );
      CREATE INDEX sigil_embedded_recovery_requests_pending ON sigil_embedded_recovery_requests (wallet_id) WHERE state = 'started';
      CREATE INDEX sigil_embedded_recovery_requests_cancel_expires_at ON sigil_embedded_recovery_requests (cancel_expires_at);
      -- Recoveries of migration 4 (key released at once) keep their cancel links: copied as recoveries
      -- whose delay ended when they started. A cancel after completion marked both: cancelled wins.
      INSERT INTO sigil_embedded_recovery_requests (recovery_id, cancel_hash, token_hash, session_hash, wallet_id, email, state, started_at,
        release_at, cancel_expires_at, browser, place, key_released_at, finish_by, credential_id, completed_at, cancelled_at)
      SELECT 'm4' || substr(cancel_hash, 1, 30), cancel_hash, session_hash, session_hash, wallet_id, email,
        CASE WHEN cancelled_at IS NOT NULL THEN 'cancelled' WHEN completed_at IS NOT NULL THEN 'completed' ELSE 'started' END,
        released_at, released_at, cancel_expires_at, 'unknown', NULL, released_at, released_at + interval '1800 seconds', credential_id, completed_at, cancelled_at
      FROM sigil_embedded_recoveries;
      DROP TABLE sigil_embedded_recoveries;
    `,
  },
  {
    version: 9,
    name: 'embedded wallet: emails only as keyed hashes and ciphertext; one live code per email, purpose and browser; browsers known to an email',
    sql: `
      -- Wallets: the email's keyed lookup hash and the email sealed under the recovery key. SQL cannot
      -- compute either (the keys are the server's), so existing rows keep their plain email here and
      -- the embedded API seals them at its first use after start (server/embedded/emailAtRest.ts,
      -- resealWalletEmails: sets both columns and clears the plain one), as npm run embedded:reseal does.
      -- Nothing reads the plain column any more.
      ALTER TABLE sigil_embedded_wallets ADD COLUMN email_hash text;
      ALTER TABLE sigil_embedded_wallets ADD COLUMN email_sealed text;
      ALTER TABLE sigil_embedded_wallets ALTER COLUMN email DROP NOT NULL;
      DROP INDEX sigil_embedded_wallets_email;
      CREATE INDEX sigil_embedded_wallets_email_hash ON sigil_embedded_wallets (email_hash, created_at);
      -- Codes and sessions live 15 and 30 minutes: they are dropped rather than converted (a user in
      -- the middle of a step asks for a new code). From here on one live code per email, purpose and
      -- browser binding: a stranger's request never replaces the owner's code.
      DELETE FROM sigil_embedded_codes;
      DROP INDEX sigil_embedded_codes_one_live;
      ALTER TABLE sigil_embedded_codes DROP COLUMN email;
      ALTER TABLE sigil_embedded_codes ADD COLUMN email_hash text NOT NULL;
      ALTER TABLE sigil_embedded_codes ADD COLUMN email_sealed text NOT NULL;
      ALTER TABLE sigil_embedded_codes ALTER COLUMN binding_hash SET NOT NULL;
      CREATE UNIQUE INDEX sigil_embedded_codes_one_live ON sigil_embedded_codes (email_hash, purpose, binding_hash) WHERE consumed_at IS NULL;
      DELETE FROM sigil_embedded_recovery_sessions;
      ALTER TABLE sigil_embedded_recovery_sessions DROP COLUMN email;
      ALTER TABLE sigil_embedded_recovery_sessions ADD COLUMN email_hash text NOT NULL;
      -- A recovery's cancel link voids its email's open codes by hash; older rows have none to void.
      ALTER TABLE sigil_embedded_recovery_requests DROP COLUMN email;
      ALTER TABLE sigil_embedded_recovery_requests ADD COLUMN email_hash text;
      -- Counters keyed by an unkeyed SHA-256 of an email (reversible with a list of addresses) go;
      -- their windows were an hour or a day.
      DELETE FROM sigil_rate_limits WHERE key LIKE 'embedded:%email:%';
      -- Browsers that used a code of an email (binding cookie hashes): past the email's ceiling of
      -- code requests they still get codes.
      CREATE TABLE sigil_embedded_known_bindings (
        email_hash   text        NOT NULL,
        binding_hash text        NOT NULL,
        last_used_at timestamptz NOT NULL,
        PRIMARY KEY (email_hash, binding_hash)
      );
      CREATE INDEX sigil_embedded_known_bindings_last_used_at ON sigil_embedded_known_bindings (last_used_at);
    `,
  },
  {
    version: 10,
    name: "embedded wallet: adding a device by pairing code",
    sql: `
      -- server/store/embeddedTypes.ts PairingRecord. Hashes of the code and both tokens; the data key
      -- only sealed to the new device's one-time key (ciphertext the server cannot open), and dropped
      -- on completion. One claim per pairing, one approval, one completion.
      CREATE TABLE sigil_embedded_pairings (
        pairing_id    text        PRIMARY KEY,
        wallet_id     text        NOT NULL REFERENCES sigil_embedded_wallets (wallet_id) ON DELETE CASCADE,
        code_hash     text        NOT NULL UNIQUE,
        owner_hash    text        NOT NULL,
        created_at    timestamptz NOT NULL,
        expires_at    timestamptz NOT NULL,
        claim_hash    text,
        claimant_key  text,
        claimed_at    timestamptz,
        sealed_key    text,
        sealed_vault  text,
        approved_at   timestamptz,
        credential_id text,
        completed_at  timestamptz,
        cancelled_at  timestamptz
      );
      CREATE INDEX sigil_embedded_pairings_wallet ON sigil_embedded_pairings (wallet_id);
      CREATE INDEX sigil_embedded_pairings_expires_at ON sigil_embedded_pairings (expires_at);
    `,
  },
  {
    version: 12,
    name: 'sessions remember the device they were signed in on, and when it was last seen',
    sql: `
      -- The sessions list (GET /api/auth/sessions): a short label of the browser and system the
      -- sign-in came from, the rough place a trusted proxy named (or NULL), and when the session was
      -- last used (set at sign-in, refreshed by the session check at most every few minutes).
      -- Rows from before keep NULLs: the list shows them as an unknown device, last seen when created.
      ALTER TABLE sigil_sessions ADD COLUMN device text;
      ALTER TABLE sigil_sessions ADD COLUMN place text;
      ALTER TABLE sigil_sessions ADD COLUMN last_seen_at timestamptz;
      DROP FUNCTION sigil_begin_sign_in(text, timestamptz, timestamptz, text, text, timestamptz, text, text, text, timestamptz, integer, integer, timestamptz, integer);
      CREATE FUNCTION sigil_begin_sign_in(
        client_key text, now_at timestamptz, client_reset timestamptz, nonce_value text,
        address_key text, address_reset timestamptz, binding_hash text,
        session_id_hash text, session_address text, session_expires_at timestamptz,
        client_max integer, address_max integer, session_created_at timestamptz, session_chain_id integer,
        session_device text, session_place text
      ) RETURNS TABLE (
        client_count integer, client_reset_at timestamptz, nonce text, binding text, expires_at timestamptz,
        address_count integer, address_reset_at timestamptz, session_saved boolean
      ) LANGUAGE plpgsql AS $fn$
      #variable_conflict use_column
      BEGIN
        RETURN QUERY
        WITH client AS (
          INSERT INTO sigil_rate_limits AS r (key, count, reset_at) VALUES (client_key, 1, client_reset)
          ON CONFLICT (key) DO UPDATE SET
            count    = CASE WHEN r.reset_at <= now_at THEN 1 ELSE r.count + 1 END,
            reset_at = CASE WHEN r.reset_at <= now_at THEN client_reset ELSE r.reset_at END
          RETURNING r.count, r.reset_at
        ), taken AS (
          DELETE FROM sigil_nonces AS n WHERE n.nonce = nonce_value RETURNING n.nonce, n.binding, n.expires_at
        ), address AS (
          INSERT INTO sigil_rate_limits AS r (key, count, reset_at)
          SELECT address_key, 1, address_reset FROM taken WHERE taken.binding = binding_hash AND taken.expires_at > now_at
          ON CONFLICT (key) DO UPDATE SET
            count    = CASE WHEN r.reset_at <= now_at THEN 1 ELSE r.count + 1 END,
            reset_at = CASE WHEN r.reset_at <= now_at THEN address_reset ELSE r.reset_at END
          RETURNING r.count, r.reset_at
        ), saved AS (
          INSERT INTO sigil_sessions (id_hash, address, chain_id, created_at, expires_at, device, place, last_seen_at)
          SELECT session_id_hash, session_address, session_chain_id, session_created_at, session_expires_at,
                 session_device, session_place, session_created_at FROM client, address
          WHERE session_id_hash IS NOT NULL AND client.count <= client_max AND address.count <= address_max
          RETURNING 1
        )
        SELECT client.count, client.reset_at, taken.nonce, taken.binding, taken.expires_at,
               address.count, address.reset_at, EXISTS (SELECT 1 FROM saved)
        FROM client LEFT JOIN taken ON true LEFT JOIN address ON true;
      END
      $fn$;
    `,
  },
  {
    version: 13,
    name: "embedded wallet: the owner's recovery settings (email recovery on or off, a longer delay)",
    sql: `
      -- Chosen by the owner from a device that holds the wallet (a passkey assertion), each change in
      -- the wallet's log as settings_changed. Off: the email path refuses to start a recovery (only a
      -- device or the phrase can then restore the wallet). A delay: the recovery's key waits at least
      -- this long, or EMBEDDED_RECOVERY_DELAY if that is longer.
      ALTER TABLE sigil_embedded_wallets ADD COLUMN email_recovery boolean NOT NULL DEFAULT true;
      ALTER TABLE sigil_embedded_wallets ADD COLUMN recovery_delay_seconds integer;
    `,
  },
  {
    version: 14,
    name: 'accounts with linked wallets',
    sql: `
      -- An account is what a person signs in to; each wallet (address, lower case) belongs to at most
      -- one (the primary key), and an account always keeps one wallet at least (unlinking the last is
      -- refused by the store). Sessions stay keyed by the address that signed in: the account of a
      -- session is its address's. Addresses from before get an account at their next sign-in or
      -- session read (ensureAccount), so existing rows lose nothing. family: the connector family the
      -- wallet was linked or first signed in with (lib/siwe/families.ts), NULL when not known.
      CREATE TABLE sigil_accounts (
        account_id text PRIMARY KEY,
        created_at timestamptz NOT NULL
      );
      CREATE TABLE sigil_account_wallets (
        address    text PRIMARY KEY,
        account_id text NOT NULL REFERENCES sigil_accounts (account_id) ON DELETE CASCADE,
        family     text,
        linked_at  timestamptz NOT NULL
      );
      CREATE INDEX sigil_account_wallets_account ON sigil_account_wallets (account_id);
      -- Link nonces: issued to one signed-in session for its account, used once, short-lived.
      CREATE TABLE sigil_link_nonces (
        nonce        text PRIMARY KEY,
        session_hash text NOT NULL,
        account_id   text NOT NULL,
        expires_at   timestamptz NOT NULL
      );
      CREATE INDEX sigil_link_nonces_expires_at ON sigil_link_nonces (expires_at);
    `,
  },
  {
    version: 15,
    name: 'where a pairing was opened',
    sql: `
      -- The device that opened a pairing, as a pairing link names it before anything is claimed: its
      -- browser (from the user agent) and coarse place (country and city from the proxy's headers).
      ALTER TABLE sigil_embedded_pairings ADD COLUMN owner_browser text;
      ALTER TABLE sigil_embedded_pairings ADD COLUMN owner_place text;
    `,
  },
  {
    version: 16,
    name: 'the language a wallet was made in',
    sql: `
      -- The vault's language when the wallet was made (one of the app's locales): the owner's security
      -- mails (a recovery started, a device added, a code asked for) are written in it. NULL for
      -- wallets made before: their mails follow the language of the browser that caused them.
      ALTER TABLE sigil_embedded_wallets ADD COLUMN locale text;
    `,
  },
]

/** Arbitrary constant for `pg_advisory_xact_lock`: "sigil" in ASCII. */
export const MIGRATION_LOCK_ID = 0x736967696c
