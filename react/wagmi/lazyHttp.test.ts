import { http, UrlRequiredError } from 'viem'
import { mainnet } from 'viem/chains'
import { describe, expect, it, vi } from 'vitest'
import { lazyHttp } from '@/react/wagmi/lazyHttp'

/** A transport's config and value without its functions, for comparing two transports. */
function shape(transport: ReturnType<ReturnType<typeof http>>) {
  const { request: _request, ...config } = transport.config
  return { config, value: transport.value }
}

describe('lazyHttp', () => {
  it('has the config and value of viem http(url), readable before any request', () => {
    for (const parameters of [{ chain: mainnet }, { chain: mainnet, retryCount: 0, timeout: 5_000 }]) {
      expect(shape(lazyHttp('https://rpc.example/1')(parameters))).toEqual(shape(http('https://rpc.example/1')(parameters)))
    }
    expect(lazyHttp(undefined)({ chain: mainnet }).value?.url).toBe(mainnet.rpcUrls.default.http[0])
  })

  it('refuses a chain without an RPC address, like http()', () => {
    expect(() => lazyHttp(undefined)({})).toThrow(UrlRequiredError)
  })

  it('sends requests through the real HTTP transport once it has loaded', async () => {
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      const { id } = JSON.parse(String(init?.body)) as { id: number }
      return new Response(JSON.stringify({ jsonrpc: '2.0', id, result: '0x1' }), { headers: { 'Content-Type': 'application/json' } })
    })
    vi.stubGlobal('fetch', fetchMock)
    const transport = lazyHttp('https://rpc.example/1')({ chain: mainnet })
    expect(await transport.request({ method: 'eth_chainId' })).toBe('0x1')
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('https://rpc.example/1')
  })

  it('a read whose code could not be fetched fails alone: the next read fetches it afresh and goes through', async () => {
    let attempts = 0
    vi.resetModules()
    vi.doMock('@/react/wagmi/httpTransport', async () => {
      // The chunk's first fetch fails (offline for a moment, or a deploy replaced it).
      if (++attempts === 1) throw new TypeError('Failed to fetch dynamically imported module')
      return vi.importActual('@/react/wagmi/httpTransport')
    })
    try {
      vi.stubGlobal('fetch', async (_input: RequestInfo | URL, init?: RequestInit) => {
        const { id } = JSON.parse(String(init?.body)) as { id: number }
        return new Response(JSON.stringify({ jsonrpc: '2.0', id, result: '0x1' }), { headers: { 'Content-Type': 'application/json' } })
      })
      const { lazyHttp: fresh } = await import('@/react/wagmi/lazyHttp')
      const transport = fresh('https://rpc.example/1')({ chain: mainnet })
      await expect(transport.request({ method: 'eth_chainId' })).rejects.toThrow()
      expect(await transport.request({ method: 'eth_chainId' })).toBe('0x1')
      expect(attempts).toBe(2)
    } finally {
      vi.doUnmock('@/react/wagmi/httpTransport')
      vi.unstubAllGlobals()
    }
  })
})
