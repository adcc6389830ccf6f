import type { Address } from 'viem'

/** What the page knows about the server session: signed in, signed out (`null`), or unknown (`undefined`). */
export type KnownSession = { address: Address; chainId: number } | null | undefined
