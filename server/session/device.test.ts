import { describe, expect, it } from 'vitest'
import { deviceLabel, placeFrom } from './device'

describe('deviceLabel', () => {
  it.each([
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Chrome on macOS'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1', 'Safari on iOS'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0', 'Edge on Windows'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox on Linux'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36', 'Chrome on Android'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 MetaMaskMobile/7.30.0', 'MetaMask on Android'],
    ['Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1', 'Chrome on iPadOS'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36', 'Chrome on Linux'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) EdgiOS/131.0 Version/18.0 Mobile/15E148 Safari/604.1', 'Edge on iOS'],
    ['curl/8.5.0', null],
    ['', null],
    [null, null],
  ])('%s → %s', (userAgent, label) => {
    expect(deviceLabel(userAgent)).toBe(label)
  })

  it('never returns any of the header itself', () => {
    expect(deviceLabel('<script>alert(1)</script> Chrome/1 (Windows)')).toBe('Chrome on Windows')
  })
})

describe('placeFrom', () => {
  const headers = (value: string) => new Headers({ 'cf-ipcountry': value })
  it('takes a proxy\'s country or city, only from the configured header', () => {
    expect(placeFrom(headers('FR'), 'cf-ipcountry')).toBe('FR')
    expect(placeFrom(headers('São Paulo'), 'cf-ipcountry')).toBe('São Paulo')
    expect(placeFrom(headers('FR'), undefined)).toBeNull()
    expect(placeFrom(headers('FR'), 'x-vercel-ip-country')).toBeNull()
  })
  it('drops what is not a place name rather than cleaning it', () => {
    expect(placeFrom(headers('<b>FR</b>'), 'cf-ipcountry')).toBeNull()
    expect(placeFrom(headers('X'.repeat(65)), 'cf-ipcountry')).toBeNull()
    expect(placeFrom(headers('XX'), 'cf-ipcountry')).toBeNull()
    expect(placeFrom(headers('T1'), 'cf-ipcountry')).toBeNull()
  })
})
