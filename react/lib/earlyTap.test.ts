// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { clearEarlyTapMark, EARLY_TAP_ATTRIBUTE, earlyTapScript, onEarlyTap, takeEarlyTap } from './earlyTap'

/** Runs the inline script as the page would (a fresh listener per test, on a fresh document body). */
function runScript() {
  // The test's stand-in for the server-rendered `<script nonce>`; the page never evaluates strings.
  new Function(earlyTapScript)()
}

afterEach(() => {
  delete window.__sigilEarlyTap
  document.body.replaceChildren()
})

function renderButton() {
  const button = document.createElement('button')
  button.dataset.testid = 'connect-button'
  const label = document.createElement('span')
  label.textContent = 'Connect wallet'
  button.append(label)
  document.body.append(button)
  return { button, label }
}

describe('earlyTap', () => {
  it('keeps a click on the button (or inside it) before hydration, marks it busy, and hands it out once', () => {
    runScript()
    const { button, label } = renderButton()
    label.click()
    expect(button.getAttribute('aria-busy')).toBe('true')
    expect(button.hasAttribute(EARLY_TAP_ATTRIBUTE)).toBe(true)
    expect(takeEarlyTap()).toBe('connect-button')
    // StrictMode's second effect run, or a second caller: nothing more.
    expect(takeEarlyTap()).toBeUndefined()
    clearEarlyTapMark(button)
    expect(button.hasAttribute('aria-busy')).toBe(false)
    expect(button.hasAttribute(EARLY_TAP_ATTRIBUTE)).toBe(false)
  })

  it('keeps a click on "No wallet?" as that control, the last tapped one winning', () => {
    runScript()
    const { button } = renderButton()
    const create = document.createElement('button')
    create.dataset.testid = 'create-wallet-link'
    document.body.append(create)
    button.click()
    create.click()
    expect(create.getAttribute('aria-busy')).toBe('true')
    expect(create.hasAttribute(EARLY_TAP_ATTRIBUTE)).toBe(true)
    expect(takeEarlyTap()).toBe('create-wallet-link')
    expect(takeEarlyTap()).toBeUndefined()
  })

  it('ignores clicks elsewhere, and every click once the page has taken over', () => {
    runScript()
    const { button } = renderButton()
    document.body.click()
    expect(takeEarlyTap()).toBeUndefined()
    button.click()
    expect(button.hasAttribute('aria-busy')).toBe(false)
    expect(takeEarlyTap()).toBeUndefined()
  })

  it('tells the page’s code of a tap before hydration: one already kept at once, a later one as it comes, none once the page took over', () => {
    runScript()
    const { button } = renderButton()
    button.click()
    const calls: string[] = []
    onEarlyTap(() => calls.push('tap'))
    expect(calls).toEqual(['tap'])
    button.click()
    expect(calls).toEqual(['tap', 'tap'])
    expect(takeEarlyTap()).toBe('connect-button')
    button.click()
    expect(calls).toEqual(['tap', 'tap'])
  })

  it('calls nothing for a page that took over before its code asked', () => {
    runScript()
    renderButton()
    takeEarlyTap()
    const calls: string[] = []
    onEarlyTap(() => calls.push('tap'))
    document.querySelector('button')!.click()
    expect(calls).toEqual([])
  })

  it('works when hydration came first (the script then records nothing)', () => {
    expect(takeEarlyTap()).toBeUndefined()
    runScript()
    const { button } = renderButton()
    button.click()
    expect(button.hasAttribute('aria-busy')).toBe(false)
    expect(takeEarlyTap()).toBeUndefined()
  })
})
