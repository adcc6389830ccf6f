import { describe, expect, it } from 'vitest'
import { MAIL_TEXT } from '@/server/i18n/mailLocales'
import { browserName, coarsePlace, localBrowserName, localizeBrowserLabel } from './recoveryOrigin'

describe('what the owner is told about the browser that started a recovery', () => {
  it.each([
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36', 'Chrome on Linux'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0', 'Edge on Windows'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1', 'Safari on iOS'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:131.0) Gecko/20100101 Firefox/131.0', 'Firefox on macOS'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36', 'Chrome on Android'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36', 'Chrome on Linux'],
    ['curl/8.5.0', 'an unknown browser'],
    [null, 'an unknown browser'],
  ])('names %j as %j, never the raw string', (userAgent, expected) => {
    expect(browserName(userAgent)).toBe(expected)
  })

  it('takes a country only from a proxy in front of the app, and never an address', () => {
    const headers = new Headers({ 'cf-ipcountry': 'de', 'x-forwarded-for': '203.0.113.9' })
    expect(coarsePlace(headers, 0)).toBeNull()
    expect(coarsePlace(headers)).toBeNull()
    expect(coarsePlace(headers, 1)).toBe('DE')
    expect(coarsePlace(new Headers({ 'cf-ipcountry': 'XX' }), 1)).toBeNull()
    expect(coarsePlace(new Headers({ 'x-vercel-ip-country': '203.0.113.9' }), 1)).toBeNull()
  })

  it('says the browser in the owner’s words, the browser and system names kept', () => {
    const linux = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36'
    expect(localBrowserName(linux, MAIL_TEXT.de)).toBe('Chrome auf Linux')
    expect(localBrowserName(linux, MAIL_TEXT.ja)).toBe('Linux の Chrome')
    expect(localBrowserName(null, MAIL_TEXT.fr)).toBe('un navigateur inconnu')
    expect(localBrowserName('Mozilla/5.0 (Linux; Android 14) Gecko/1 Unknown/1', MAIL_TEXT.es)).toBe('un navegador en Android')
    expect(localBrowserName(linux, MAIL_TEXT.en)).toBe(browserName(linux))
  })

  it('rewords a stored label for the vault’s screens, and leaves a label of another shape alone', () => {
    expect(localizeBrowserLabel('Chrome on Linux', MAIL_TEXT.ko)).toBe('Linux의 Chrome')
    expect(localizeBrowserLabel('Samsung Internet on Android', MAIL_TEXT.de)).toBe('Samsung Internet auf Android')
    expect(localizeBrowserLabel('a browser on Android', MAIL_TEXT['zh-CN'])).toBe('Android 上的浏览器')
    expect(localizeBrowserLabel('an unknown browser', MAIL_TEXT['pt-BR'])).toBe('um navegador desconhecido')
    expect(localizeBrowserLabel('Firefox', MAIL_TEXT.ja)).toBe('Firefox')
    expect(localizeBrowserLabel('Chrome on Linux', MAIL_TEXT.en)).toBe('Chrome on Linux')
  })
})
