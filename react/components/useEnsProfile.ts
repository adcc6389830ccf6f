'use client'
import { useEffect, useState } from 'react'
import type { Address } from 'viem'
import { afterPaint } from '@sigil/lib/react/afterPaint'

export type EnsProfile = { name: string | null; avatar: string | null; unavailable: boolean }

/** Lookups kept for this page's life: 10 minutes, 1 minute for "mainnet could not be asked", none after a failure. */
const cache = new Map<string, { expires: number; profile: Promise<EnsProfile> }>()

async function fetchProfile(address: Address): Promise<EnsProfile> {
  const response = await fetch(`/api/ens/${address}`, { headers: { accept: 'application/json' } })
  if (!response.ok) throw new Error(`ENS lookup answered ${response.status}`)
  const body = (await response.json()) as Partial<EnsProfile>
  return {
    name: typeof body.name === 'string' ? body.name : null,
    // Only this origin's checked image endpoint (the server never sends another): `img-src` has no other host.
    avatar: typeof body.avatar === 'string' && body.avatar.startsWith(`/api/ens/${address}/avatar`) ? body.avatar : null,
    unavailable: body.unavailable === true,
  }
}

/** One lookup per address at a time, shared by every view that shows it. */
function profileFor(address: Address): Promise<EnsProfile> {
  const key = address.toLowerCase()
  const cached = cache.get(key)
  if (cached && cached.expires > Date.now()) return cached.profile
  const entry = { expires: Date.now() + 10 * 60_000, profile: fetchProfile(address) }
  entry.profile.then(
    (profile) => {
      if (profile.unavailable) entry.expires = Date.now() + 60_000
    },
    () => cache.delete(key),
  )
  cache.set(key, entry)
  return entry.profile
}

/**
 * The primary ENS name and avatar of `address`, from the server (`/api/ens/<address>`: the mainnet
 * RPC and its key stay there, and the name is checked forward and back). Never blocks anything:
 * while it loads, or when it fails, the view shows the address alone.
 */
export function useEnsProfile(address: Address): EnsProfile | undefined {
  const key = address.toLowerCase()
  const [state, setState] = useState<{ key: string; profile: EnsProfile } | undefined>(undefined)
  useEffect(() => {
    let current = true
    // After the frame that shows the address: the request's cost does not hold it back.
    const cancel = afterPaint(() =>
      profileFor(address).then(
        (profile) => current && setState({ key, profile }),
        () => undefined, // the address alone
      ),
    )
    return () => {
      current = false
      cancel()
    }
  }, [address, key])
  return state?.key === key ? state.profile : undefined
}
