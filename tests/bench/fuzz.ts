/**
 * The sign-in fuzz figure (issue 11): bad sign-ins against a running `next start`, each with a fresh
 * nonce and binding cookie and a CORRECT signature over a mutated message text
 * (tests/fixtures/signInFuzz.ts), so only the server's checks of the text can refuse them.
 * Reports tried, accepted (must be 0) and 5xx (must be 0), and the answers by status and code.
 * The vitest test tests/unit/siwe/fuzz.test.ts runs the same generator on every test run.
 *
 * Standalone: `npx tsx tests/bench/fuzz.ts <baseUrl> [count]` against a server whose per-minute
 * sign-in limits allow the count (AUTH_*RATE_LIMIT* variables); a 429 would count as a refusal.
 */
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { countAnswer, emptyTally, fuzzSignInMessage, type FuzzTally } from '../fixtures/signInFuzz'

export type BenchFuzzOptions = {
  baseUrl: string
  /** Bad sign-ins to try (default 600; issue 11 asks for at least 300). */
  count?: number
  /** A chain the server supports (default 31337, the local chain e2e and bench servers enable). */
  chainId?: number
  seed?: number
}

export async function benchFuzz(options: BenchFuzzOptions): Promise<FuzzTally & { families: number }> {
  const count = options.count ?? 600
  const origin = new URL(options.baseUrl).origin
  const account = privateKeyToAccount(generatePrivateKey())
  const tally = emptyTally()
  const families = new Set<string>()
  for (let index = 0; index < count; index++) {
    const nonceResponse = await fetch(new URL('/api/auth/nonce', origin))
    if (!nonceResponse.ok) throw new Error(`GET /api/auth/nonce answered ${nonceResponse.status}`)
    const { nonce } = (await nonceResponse.json()) as { nonce: string }
    const cookie = nonceResponse.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ')
    const fuzzCase = fuzzSignInMessage(index, { address: account.address, nonce, origin, chainId: options.chainId ?? 31337 }, options.seed)
    families.add(fuzzCase.family)
    const response = await fetch(new URL('/api/auth/verify', origin), {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin },
      body: JSON.stringify({ message: fuzzCase.message, signature: await account.signMessage({ message: fuzzCase.message }) }),
    })
    const body = (await response.json().catch(() => ({}))) as { code?: string }
    countAnswer(tally, fuzzCase, response.status, body.code)
  }
  return { ...tally, families: families.size }
}

async function main(): Promise<void> {
  const [baseUrl, count] = process.argv.slice(2)
  if (!baseUrl) throw new Error('usage: npx tsx tests/bench/fuzz.ts <baseUrl> [count]')
  const { acceptedCases, serverErrorCases, ...figures } = await benchFuzz({ baseUrl, count: count ? Number(count) : undefined })
  console.log(JSON.stringify({ ...figures, acceptedCases, serverErrorCases }))
}

if (process.argv[1] && /[\\/]tests[\\/]bench[\\/]fuzz\.ts$/.test(process.argv[1])) {
  main().catch((error: unknown) => {
    console.error(error)
    process.exitCode = 1
  })
}
