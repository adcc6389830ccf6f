import type { EIP1193Provider } from 'viem'
import type { EIP6963ProviderDetail } from './types'

/**
 * Minimal injected providers for resolution tests: an object with an EIP-1193 `request` and the
 * identity flags a wallet sets. Resolution only reads flags and identity, never calls `request`.
 */
export function fakeProvider(flags: Record<string, unknown> = {}): EIP1193Provider & Record<string, unknown> {
  return {
    request: () => Promise.reject(new Error('not used by resolution')),
    on: () => undefined,
    removeListener: () => undefined,
    ...flags,
  } as unknown as EIP1193Provider & Record<string, unknown>
}

export function announcement(rdns: string, name: string, provider: EIP1193Provider = fakeProvider()): EIP6963ProviderDetail {
  return {
    info: { uuid: `${rdns}-uuid`, name, rdns, icon: `data:image/svg+xml,${encodeURIComponent(`<svg><!--${name}--></svg>`)}` },
    provider,
  }
}
