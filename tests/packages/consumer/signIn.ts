/**
 * A sign-in server another project writes with `@sigil/server`, in plain Node (no Next): the auth
 * routes' factory with its configuration as arguments, the store on PGlite in memory, the chain the
 * test kit's anvil (where a signature that is not the address's own is checked as a contract
 * wallet's, ERC-1271), served over HTTP on loopback by `node:http`. A client signs in against it
 * with `@sigil/lib`'s own helpers (nonce, the EIP-4361 message, verify, session) and a viem account,
 * carrying the cookies as a browser would. Then the bad cases a user would meet: a replayed nonce,
 * a signature of another message. Prints what it found.
 *
 * Run under the `react-server` condition (`node --conditions=react-server`): the server's modules
 * are marked `server-only`, which throws anywhere else.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSignInMessage, fetchNonce, fetchSession, isAuthError, verifySignIn, type AuthClientOptions } from '@sigil/lib/siwe/client'
import { DEFAULT_AUTH_LIMITS } from '@sigil/server/siwe/limits'
import { createAuthRoutes, type AuthRoutes } from '@sigil/server/siwe/routes'
import { openPgliteStore } from '@sigil/server/store/pgliteStore'
import { startAnvil } from '@sigil/test-kit/anvil'

// Stopped from outside (the check's time limit): exit so that the kit's exit handlers stop anvil.
process.once('SIGTERM', () => process.exit(143))

const anvil = await startAnvil()
const store = await openPgliteStore()
let origin = ''
const routes: AuthRoutes = createAuthRoutes({
  config: () => ({
    policy: { origins: [origin], chainIds: [anvil.chainId], rpcUrls: { [anvil.chainId]: anvil.rpcUrl } },
    sessionSecrets: ['a-session-secret-of-this-project-0123456789'],
    secureCookies: false,
    limits: DEFAULT_AUTH_LIMITS,
  }),
  store: async () => store,
  clientIp: () => '127.0.0.1',
})
const byPath: Record<string, (request: Request) => Promise<Response>> = {
  'GET /api/auth/nonce': routes.nonce,
  'POST /api/auth/verify': routes.verify,
  'GET /api/auth/session': routes.session,
}

/** Node's request as a Fetch `Request`, the routes' answer written back (every Set-Cookie kept). */
async function serve(incoming: IncomingMessage, outgoing: ServerResponse) {
  const chunks: Buffer[] = []
  for await (const chunk of incoming) chunks.push(chunk as Buffer)
  const headers = new Headers()
  for (const [name, value] of Object.entries(incoming.headers)) if (typeof value === 'string') headers.set(name, value)
  const request = new Request(`${origin}${incoming.url ?? '/'}`, { method: incoming.method, headers, ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}) })
  const route = byPath[`${incoming.method} ${new URL(request.url).pathname}`]
  const response = route ? await route(request) : new Response('not found', { status: 404 })
  outgoing.statusCode = response.status
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') outgoing.setHeader(name, value)
  })
  outgoing.setHeader('set-cookie', response.headers.getSetCookie())
  outgoing.end(Buffer.from(await response.arrayBuffer()))
}

const server = createServer((incoming, outgoing) => {
  serve(incoming, outgoing).catch((error: unknown) => {
    outgoing.statusCode = 500
    outgoing.end(String(error))
  })
})
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

/** A browser's cookie jar over Node's fetch. */
function browser(): AuthClientOptions {
  const jar = new Map<string, string>()
  return {
    baseUrl: origin,
    fetch: async (input, init) => {
      const headers = new Headers(init?.headers)
      if (jar.size > 0) headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '))
      const response = await fetch(input, { ...init, headers })
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';')
        const at = pair.indexOf('=')
        if (at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1))
      }
      return response
    },
  }
}

/** The code of the auth error a call ends with ('' when it succeeds). */
async function codeOf(work: Promise<unknown>): Promise<string> {
  try {
    await work
    return ''
  } catch (error) {
    return isAuthError(error) ? error.code : `not an auth error: ${String(error)}`
  }
}

try {
  const account = privateKeyToAccount(generatePrivateKey())
  const client = browser()
  const before = await fetchSession(client)
  const nonce = await fetchNonce(client)
  const message = createSignInMessage({ address: account.address, chainId: anvil.chainId, nonce, origin })
  const signature = await account.signMessage({ message })
  const signedIn = await verifySignIn({ message, signature }, client)
  const session = await fetchSession(client)
  // The same signed message again: its nonce is spent.
  const replayed = await codeOf(verifySignIn({ message, signature }, client))
  // A signature of another message, for a fresh nonce.
  const other = createSignInMessage({ address: account.address, chainId: anvil.chainId, nonce: await fetchNonce(client), origin })
  const forged = await codeOf(verifySignIn({ message: other, signature }, client))
  const summary = {
    before: before === null,
    signedIn: signedIn.address === account.address && signedIn.chainId === anvil.chainId,
    session: session?.address === account.address,
    replayed,
    forged,
  }
  console.log(JSON.stringify(summary))
} finally {
  server.close()
  await store.close()
  await anvil.stop()
}
