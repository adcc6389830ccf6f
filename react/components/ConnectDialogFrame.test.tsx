import { renderToStaticMarkup } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PublicConfig } from '@sigil/lib/config/public'
import { t } from '@sigil/lib/i18n/t'
import { detectPlatform } from '@sigil/lib/platform/detectPlatform'
import { deploymentBook } from '@sigil/wallet-book/index'
import { ANDROID_CHROME, IPHONE_SAFARI } from '@/tests/fixtures/userAgents'
import { createSigilConfig } from '@/react/wagmi/createSigilConfig'
import { familyReachChunks } from '@/react/wagmi/familyReach'
import { walletOptions } from '@/react/wagmi/walletOptions'
import { applyWalletList } from '@/react/wagmi/walletList'
import { families } from '@sigil/connectors/families'
import { ConnectDialogFrame } from './ConnectDialogFrame'

const DESKTOP_CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36'
const withWalletConnect: PublicConfig = { chainIds: [1, 8453], rpcUrls: {}, walletConnectProjectId: 'a'.repeat(32), appOrigins: ['http://localhost:3000'] }
const withoutWalletConnect: PublicConfig = { ...withWalletConnect, walletConnectProjectId: '' }

/** The frame's markup, as the server sends it. */
async function frameMarkup(publicConfig: PublicConfig, userAgent: string): Promise<string> {
  const element = await ConnectDialogFrame({ publicConfig, userAgent, t })
  return element ? renderToStaticMarkup(element) : ''
}

/** Each row's key and its markup (up to the next row), in the frame's order. */
function frameRows(markup: string): { key: string; html: string }[] {
  const parts = markup.split('<li class="wallet-row">').slice(1)
  return parts.map((html) => ({ key: /data-frame-option="([^"]+)"/.exec(html)![1]!, html }))
}

/** The rows the browser's list makes for the same request, nothing installed: the registry's families, every way to reach a wallet. */
async function browserRows(publicConfig: PublicConfig, userAgent: string): Promise<string[]> {
  const config = createSigilConfig(publicConfig, { watchWallets: false })
  const reaches = await Promise.all(familyReachChunks(families).map((load) => load()))
  const options = walletOptions({ announced: [], win: undefined, platform: detectPlatform({ userAgent }), connectors: config.connectors, reaches, getHref: () => 'http://localhost:3000/' })
  return applyWalletList(options, publicConfig.walletList, (key) => Object.hasOwn(deploymentBook(), key)).map((option) => option.key)
}

afterEach(() => vi.restoreAllMocks())

describe('ConnectDialogFrame', () => {
  it('lists, for a phone and for a computer, with WalletConnect or without, the rows the browser’s list makes with nothing installed', async () => {
    for (const publicConfig of [withWalletConnect, withoutWalletConnect]) {
      for (const userAgent of [IPHONE_SAFARI, ANDROID_CHROME, DESKTOP_CHROME]) {
        const keys = frameRows(await frameMarkup(publicConfig, userAgent)).map((row) => row.key)
        // Same set; the frame shows them in the list's order (installed, the families, the others).
        expect(keys.length).toBeGreaterThan(1)
        expect([...keys].sort()).toEqual((await browserRows(publicConfig, userAgent)).sort())
      }
    }
  })

  it('is a closed dialog with the title, a close button, the rows’ own status lines and, on a computer, install links', async () => {
    const desktop = await frameMarkup(withWalletConnect, DESKTOP_CHROME)
    expect(desktop).toMatch(/^<dialog class="dialog" data-testid="connect-dialog-frame" aria-labelledby="sigil-connect-frame-title" aria-modal="true" data-sigil-frame="">/)
    expect(desktop).toContain(`<h2 id="sigil-connect-frame-title">${t('connect.title')}</h2>`)
    expect(desktop).toContain(`data-frame-close="" aria-label="${t('connect.close')}"`)
    const metamask = frameRows(desktop).find((row) => row.key === 'metamask')!
    expect(metamask.html).toContain(t('connect.notInstalled'))
    expect(metamask.html).toMatch(/<a class="install-link" href="https:\/\//)
    // Reached over WalletConnect (its QR code), not sent to its store: the row is kept for the dialog.
    expect(metamask.html).not.toContain('data-frame-store')
    // Without WalletConnect, the store page is the row's only way: the frame opens it in the tap.
    const storeOnly = frameRows(await frameMarkup(withoutWalletConnect, DESKTOP_CHROME)).find((row) => row.key === 'metamask')!
    expect(storeOnly.html).toMatch(/data-frame-store="https:\/\//)
    const phone = await frameMarkup(withWalletConnect, IPHONE_SAFARI)
    expect(phone).not.toContain('install-link')
    // On a phone, how each row reaches its wallet: over WalletConnect, or the page opened in its browser.
    expect(frameRows(phone).find((row) => row.key === 'rainbow')!.html).toContain(t('connect.connectWithApp', { wallet: 'Rainbow' }))
    expect(frameRows(phone).find((row) => row.key === 'metamask')!.html).toContain(t('connect.openInBrowser', { wallet: 'MetaMask' }).replaceAll("'", '&#x27;'))
  })

  it('is left out, with a warning, where the list cannot be drawn: the page still renders', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    expect(await ConnectDialogFrame({ publicConfig: { ...withWalletConnect, chainIds: [] }, userAgent: DESKTOP_CHROME, t })).toBeNull()
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("the connect dialog's frame was left out"))
  })
})
