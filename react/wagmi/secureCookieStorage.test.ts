// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { secureCookieStorage } from './secureCookieStorage'

afterEach(() => {
  vi.restoreAllMocks()
})

/** The strings assigned to `document.cookie` while `run` runs, on a page at `url`. */
function cookieWrites(url: string, run: () => void): string[] {
  const writes: string[] = []
  vi.spyOn(window, 'location', 'get').mockReturnValue(new URL(url) as unknown as Location)
  vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => void writes.push(value))
  run()
  return writes
}

describe('secureCookieStorage', () => {
  it('writes the stored connection with Secure over https', () => {
    const writes = cookieWrites('https://sigil.example/', () => secureCookieStorage.setItem('sigil.store', '{"state":1}'))
    expect(writes).toEqual(['sigil.store={"state":1};path=/;samesite=Lax;secure'])
  })

  it('leaves it as wagmi writes it over http (development on loopback)', () => {
    const writes = cookieWrites('http://app.localhost:3000/', () => secureCookieStorage.setItem('sigil.store', 'x'))
    expect(writes).toEqual(['sigil.store=x;path=/;samesite=Lax'])
  })

  it('reads what the page holds', () => {
    document.cookie = 'sigil.recentConnectorId=%22embedded%22;path=/'
    expect(secureCookieStorage.getItem('sigil.recentConnectorId')).toBe('%22embedded%22')
  })
})
