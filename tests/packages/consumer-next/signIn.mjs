// Signs in to this app's `next start` over HTTP, as a browser would: @sigil/lib's client (nonce, the
// EIP-4361 message, verify, session), a viem account, the cookies carried by hand. Then a replayed
// message. Prints what it found. Run: node signIn.mjs <origin>
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSignInMessage, fetchNonce, fetchSession, isAuthError, verifySignIn } from '@sigil/lib/siwe/client'

const origin = process.argv[2]
const jar = new Map()
const client = {
  baseUrl: origin,
  fetch: async (input, init) => {
    const headers = new Headers(init?.headers)
    if (jar.size > 0) headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '))
    // A browser's fetch from the page names its origin; the sign-in routes check it.
    headers.set('origin', origin)
    const response = await fetch(input, { ...init, headers })
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const at = pair.indexOf('=')
      if (at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1))
    }
    return response
  },
}

const account = privateKeyToAccount(generatePrivateKey())
const before = await fetchSession(client)
const message = createSignInMessage({ address: account.address, chainId: 1, nonce: await fetchNonce(client), origin })
const signature = await account.signMessage({ message })
const signedIn = await verifySignIn({ message, signature }, client)
const session = await fetchSession(client)
let replayed = ''
try {
  await verifySignIn({ message, signature }, client)
} catch (error) {
  replayed = isAuthError(error) ? error.code : String(error)
}
console.log(JSON.stringify({ before: before === null, signedIn: signedIn.address === account.address, session: session?.address === account.address, replayed }))
