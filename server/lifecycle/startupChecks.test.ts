import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { reasonOf, runStartupChecks, startupCheckLines } from './startupChecks'

/** A JSON-RPC endpoint on loopback answering eth_chainId with `chainIdHex` (or a status). */
async function rpcServer(answer: { chainIdHex?: string; status?: number }) {
  const server = createServer((request, response) => {
    request.resume()
    request.on('end', () => {
      response.writeHead(answer.status ?? 200, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: answer.chainIdHex }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/key-abc123`, close: () => new Promise((resolve) => server.close(resolve)) }
}

describe('start-up checks', () => {
  it('names each RPC upstream by its variable and host: the right chain answered, another chain, an error, nothing listening', async () => {
    const right = await rpcServer({ chainIdHex: '0x2105' })
    const wrong = await rpcServer({ chainIdHex: '0x1' })
    const broken = await rpcServer({ status: 500 })
    try {
      const checks = await runStartupChecks({
        rpc: [
          { variable: 'RPC_URL_8453', chainId: 8453, url: right.url },
          { variable: 'RPC_URL_10', chainId: 10, url: wrong.url },
          { variable: 'SIGNIN_RPC_URL_1', chainId: 1, url: broken.url },
          { variable: 'RPC_URL_137', chainId: 137, url: 'http://127.0.0.1:9/x' },
        ],
      })
      const lines = startupCheckLines(checks)
      expect(lines[0]).toBe(`[sigil] start-up check: answered: RPC_URL_8453 (${new URL(right.url).host})`)
      expect(lines).toContainEqual(`[sigil] start-up check: RPC_URL_10 (${new URL(wrong.url).host}) did not answer as expected: answers chain 1, not 10`)
      expect(lines).toContainEqual(`[sigil] start-up check: SIGNIN_RPC_URL_1 (${new URL(broken.url).host}) did not answer as expected: HTTP 500`)
      expect(lines.find((line) => line.includes('RPC_URL_137'))).toMatch(/did not answer as expected: /)
      // The URL's path (an RPC key) is never logged.
      expect(lines.join('\n')).not.toContain('key-abc123')
    } finally {
      await Promise.all([right.close(), wrong.close(), broken.close()])
    }
  })

  it('names SMTP_URL by its host: a login refused, a server that never answers (timed out)', async () => {
    const refused = await runStartupChecks({ smtp: { host: 'smtp.example:465', verify: () => Promise.reject(Object.assign(new Error('Invalid login: 535 Authentication failed'), { code: 'EAUTH' })) }, rpc: [] })
    expect(startupCheckLines(refused)).toEqual(['[sigil] start-up check: SMTP_URL (smtp.example:465) did not answer as expected: EAUTH: Invalid login: 535 Authentication failed'])
    const silent = await runStartupChecks({ smtp: { host: 'smtp.example:465', verify: () => new Promise(() => {}) }, rpc: [], timeoutMs: 50 })
    expect(startupCheckLines(silent)[0]).toContain('no answer within 0.05 s (SMTP)')
    const fine = await runStartupChecks({ smtp: { host: 'smtp.example:465', verify: () => Promise.resolve(true) }, rpc: [] })
    expect(startupCheckLines(fine)).toEqual(['[sigil] start-up check: answered: SMTP_URL (smtp.example:465)'])
  })

  it('never logs a URL inside an error message', () => {
    expect(reasonOf(new Error('connect failed to smtps://user:secret@smtp.example:465'))).toBe('connect failed to <url>')
  })
})
