import { headers } from 'next/headers'

/** The nonce `proxy.ts` put in this response's policy (it forwards the policy on the request). */
export async function requestNonce(): Promise<string | undefined> {
  const policy = (await headers()).get('content-security-policy') ?? ''
  return /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy)?.[1]
}
