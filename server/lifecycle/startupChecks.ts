/**
 * What an operator needs to read in the log at start-up (`next start`): one line per outside part the
 * server depends on, saying whether it answered, and naming the setting when it did not. The health
 * check's answer says none of this (server/lifecycle/health.ts: `ok`, `starting` or
 * `store_unavailable`, for anyone to read); the log is the operator's.
 *
 * - the store: opened or not (server/lifecycle/storeAtBoot.ts logs it; a Postgres that stays
 *   unreachable stops the server after 60 s, naming DATABASE_URL);
 * - SMTP: the server at SMTP_URL greets and accepts the TLS and login it is given;
 * - each RPC upstream set by RPC_URL_<chainId> / SIGNIN_RPC_URL_<chainId>: answers `eth_chainId`
 *   with that chain.
 *
 * The origins (APP_ORIGIN, VAULT_ORIGIN) are checked before anything is served (next.config.mjs).
 * A line names the variable and the host, never the URL: credentials and RPC keys live in them.
 */

export type StartupCheck = { part: string; ok: boolean; detail?: string }

export type StartupCheckDeps = {
  /** SMTP_URL's host, when set, and a check that connects, starts TLS and logs in. */
  smtp?: { host: string; verify: () => Promise<unknown> }
  /** The RPC upstreams set by variables, by variable name. */
  rpc: readonly { variable: string; chainId: number; url: string }[]
  fetch?: typeof fetch
  timeoutMs?: number
}

/** A failure's short reason: a code (ECONNREFUSED, EAUTH…) or the first line of the message, without URLs. */
export function reasonOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code
  const message = error instanceof Error ? error.message : String(error)
  const line = (typeof code === 'string' && code ? `${code}: ${message}` : message).split('\n')[0]!
  return line.replace(/[a-z][a-z0-9+.-]*:\/\/\S+/gi, '<url>').slice(0, 160)
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s (${what})`)), ms).unref?.())])
}

export async function runStartupChecks(deps: StartupCheckDeps): Promise<StartupCheck[]> {
  const timeoutMs = deps.timeoutMs ?? 10_000
  const doFetch = deps.fetch ?? fetch
  const checks: Promise<StartupCheck>[] = []
  if (deps.smtp) {
    const { host, verify } = deps.smtp
    checks.push(
      withTimeout(verify(), timeoutMs, 'SMTP').then(
        () => ({ part: `SMTP_URL (${host})`, ok: true }),
        (error: unknown) => ({ part: `SMTP_URL (${host})`, ok: false, detail: reasonOf(error) }),
      ),
    )
  }
  for (const { variable, chainId, url } of deps.rpc) {
    const host = (() => {
      try {
        return new URL(url).host
      } catch {
        return 'not a URL'
      }
    })()
    const part = `${variable} (${host})`
    checks.push(
      withTimeout(
        doFetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }), signal: AbortSignal.timeout(timeoutMs) }).then(async (response) => {
          if (!response.ok) throw new Error(`HTTP ${response.status}`)
          const body = (await response.json()) as { result?: unknown }
          const answered = typeof body.result === 'string' ? Number.parseInt(body.result, 16) : Number.NaN
          if (answered !== chainId) throw new Error(`answers chain ${Number.isNaN(answered) ? 'nothing readable' : answered}, not ${chainId}`)
        }),
        timeoutMs,
        'RPC',
      ).then(
        () => ({ part, ok: true }),
        (error: unknown) => ({ part, ok: false, detail: reasonOf(error) }),
      ),
    )
  }
  return Promise.all(checks)
}

/** The log's lines: one summary of what answered, one line per part that did not. */
export function startupCheckLines(checks: readonly StartupCheck[]): string[] {
  if (!checks.length) return []
  const ok = checks.filter((check) => check.ok).map((check) => check.part)
  const failed = checks.filter((check) => !check.ok)
  return [
    ...(ok.length ? [`[sigil] start-up check: answered: ${ok.join(', ')}`] : []),
    ...failed.map((check) => `[sigil] start-up check: ${check.part} did not answer as expected: ${check.detail}`),
  ]
}
