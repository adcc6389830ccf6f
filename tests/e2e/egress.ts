import type { Page } from '@playwright/test'
import { undeclaredOrigins, type EgressManifestJson } from '../fixtures/egressGuard'
import { expect } from './fixtures'

/**
 * Records every request and socket of a page and its frames (not of the windows it opens: those are
 * other documents, the popup entries of the manifest), to check them against the deployment's egress
 * manifest once the family's flow is done (tests/fixtures/egressGuard.ts).
 */
export function watchPageEgress(page: Page) {
  const urls: string[] = []
  page.on('request', (request) => urls.push(request.url()))
  page.on('websocket', (socket) => urls.push(socket.url()))
  return {
    urls,
    /**
     * Every origin requested so far is the app's own or declared for `family` by the app's manifest.
     * The origins are checked first, so a missing manifest still shows what the page reached.
     */
    async expectWithinManifest(baseURL: string, family: string): Promise<void> {
      const response = await fetch(new URL('/.well-known/sigil-egress.json', baseURL))
      const manifest = response.ok ? ((await response.json()) as EgressManifestJson) : undefined
      expect(urls.length, 'the page made requests').toBeGreaterThan(0)
      expect(undeclaredOrigins(urls, baseURL, manifest, family), `origins the page reached that neither are its own nor declared for ${family}`).toEqual([])
      expect(response.status, 'the egress manifest is published').toBe(200)
      expect(manifest?.families[family], `the manifest has a ${family} section`).toBeDefined()
    },
  }
}
