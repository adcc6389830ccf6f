import { describe, expect, it } from 'vitest'
import { WALLET_LOGO_IDS, walletLogoPath } from './walletLogoIds'
import { WALLET_LOGO_SPRITE, walletLogoSprite } from './walletLogoSprite'
import { web3iconsWallets } from './web3iconsWallets'

const square = (fill: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" fill="none" viewBox="0 0 24 24"><path fill="${fill}" d="M0 0h24v24H0z"/></svg>`

describe('walletLogoSprite', () => {
  it('puts each logo in its own cell, one under the other, reachable by a <view> named after it', () => {
    const sprite = walletLogoSprite({ beta: square('#00f'), alpha: square('#f00') })
    expect(sprite).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="24" height="24" viewBox="0 0 24 48">/)
    expect(sprite).toContain('<view id="alpha" viewBox="0 0 24 24"/><svg y="0" width="24" height="24" viewBox="0 0 24 24" fill="none"><path fill="#f00"')
    expect(sprite).toContain('<view id="beta" viewBox="0 24 24 24"/><svg y="24" width="24" height="24" viewBox="0 0 24 24" fill="none"><path fill="#00f"')
  })

  it('holds every served logo, each view over its own logo, with no id used twice', () => {
    const sprite = walletLogoSprite(web3iconsWallets)
    const views = [...sprite.matchAll(/<view id="([^"]+)" viewBox="0 (\d+) 24 24"\/><svg y="(\d+)"/g)]
    expect(views.map(([, id]) => id).sort()).toEqual([...WALLET_LOGO_IDS].sort())
    for (const [, id, viewY, cellY] of views) expect(viewY, id).toBe(cellY)
    const ids = [...sprite.matchAll(/\sid="([^"]+)"/g)].map(([, id]) => id)
    expect(new Set(ids).size).toBe(ids.length)
    // Every logo's own drawing is in it unchanged (its inner markup), after its view.
    for (const id of WALLET_LOGO_IDS) {
      const inner = /^<svg[^>]*>([\s\S]*)<\/svg>$/.exec(web3iconsWallets[id]!.trim())![1]!.trim()
      expect(sprite.indexOf(inner), id).toBeGreaterThan(sprite.indexOf(`<view id="${id}"`))
    }
  })

  it('runs and loads nothing: no script, no foreign content, only same-document references', () => {
    const sprite = walletLogoSprite(web3iconsWallets)
    expect(sprite).not.toMatch(/<script|<foreignObject|<image|\son[a-z]+=/i)
    for (const [, ref] of sprite.matchAll(/(?:href=|url\()"?([^")\s]+)/g)) expect(ref).toMatch(/^#/)
  })

  it('is where the page looks for every logo, and no logo takes its name', () => {
    for (const id of WALLET_LOGO_IDS) expect(walletLogoPath(id)).toBe(`/wallet-logos/${WALLET_LOGO_SPRITE}#${id}`)
    expect(WALLET_LOGO_IDS.has(WALLET_LOGO_SPRITE.replace(/\.svg$/, ''))).toBe(false)
  })

  it('refuses a logo it would draw wrong, or whose id cannot be a fragment', () => {
    expect(() => walletLogoSprite({ bad: '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><path/></svg>' })).toThrow('has no <svg viewBox> root')
    expect(() => walletLogoSprite({ bad: '<g viewBox="0 0 24 24"></g>' })).toThrow('has no <svg viewBox> root')
    expect(() => walletLogoSprite({ 'a"b': square('#000') })).toThrow('cannot be a fragment')
  })
})
