// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createApprovalGuard, INERT_MS } from './approval'
import { createScreenGuard } from './screenGuard'

/** A clock the test moves by hand. */
function clock() {
  let time = 1_000
  return { now: () => time, advance: (ms: number) => (time += ms) }
}

function setUp(options: { trusted?: (event: Event) => boolean } = {}) {
  const time = clock()
  const guard = createApprovalGuard({ mode: 'popup', now: time.now })
  const root = document.body.appendChild(document.createElement('main'))
  const screens = createScreenGuard({ root, guard, ...options })
  const card = root.appendChild(document.createElement('section'))
  return { time, guard, root, screens, card, dispose: () => guard.dispose() }
}

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
  document.body.replaceChildren()
})

describe('createScreenGuard', () => {
  it("ignores a script's click on a guarded button, however long it has been live", () => {
    const { time, screens, card, dispose } = setUp()
    cleanups.push(dispose)
    const action = vi.fn()
    const button = card.appendChild(screens.button(document.createElement('button'), action))
    screens.drawn(card)
    time.advance(INERT_MS * 10)
    button.click()
    button.dispatchEvent(new MouseEvent('click', { bubbles: true, detail: 1 }))
    expect(action).not.toHaveBeenCalled()
  })

  it('ignores a trusted press while the new screen is inert, and says so; acts once it is live', () => {
    const { time, screens, card, dispose } = setUp({ trusted: () => true })
    cleanups.push(dispose)
    const action = vi.fn()
    const button = card.appendChild(screens.button(document.createElement('button'), action))
    screens.drawn(card)
    expect(button.getAttribute('aria-disabled')).toBe('true')
    button.click()
    expect(action).not.toHaveBeenCalled()
    time.advance(INERT_MS)
    screens.refresh()
    expect(button.getAttribute('aria-disabled')).toBe('false')
    // A keyboard's click (detail 0) needs no pointer inside the button.
    button.click()
    expect(action).toHaveBeenCalledTimes(1)
  })

  it("does not act on a pointer's click on a button the pointer never came inside", () => {
    const { time, screens, card, dispose } = setUp({ trusted: () => true })
    cleanups.push(dispose)
    const action = vi.fn()
    const button = card.appendChild(screens.button(document.createElement('button'), action))
    screens.drawn(card)
    time.advance(INERT_MS)
    button.dispatchEvent(new MouseEvent('click', { bubbles: true, detail: 1 }))
    expect(action).not.toHaveBeenCalled()
  })

  it('submits a form only on a trusted submission while live; a click on an inert submit button does not submit', () => {
    const { time, screens, card, dispose } = setUp({ trusted: () => true })
    cleanups.push(dispose)
    const onSubmit = vi.fn()
    const form = document.createElement('form')
    const input = form.appendChild(document.createElement('input'))
    input.name = 'email'
    input.value = 'ann@example.test'
    const submit = form.appendChild(document.createElement('button'))
    submit.type = 'submit'
    card.appendChild(screens.form(form, onSubmit))
    screens.drawn(card)
    let submitted = 0
    form.addEventListener('submit', () => submitted++)
    submit.click()
    expect(submitted).toBe(0)
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }))
    form.requestSubmit()
    expect(onSubmit).not.toHaveBeenCalled()
    time.advance(INERT_MS)
    // The user's Enter in the field, then the submission it starts.
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }))
    form.requestSubmit()
    expect(onSubmit).toHaveBeenCalledTimes(1)
    expect(onSubmit.mock.calls[0]![0].get('email')).toBe('ann@example.test')
    // A live click on the submit button submits too.
    submit.click()
    expect(onSubmit).toHaveBeenCalledTimes(2)
  })

  it('ignores a submission no press of the user started (a script calling requestSubmit) even while live', () => {
    const { time, screens, card, dispose } = setUp({ trusted: () => true })
    cleanups.push(dispose)
    const onSubmit = vi.fn()
    const form = card.appendChild(screens.form(document.createElement('form'), onSubmit))
    screens.drawn(card)
    time.advance(INERT_MS)
    form.requestSubmit()
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('a window regaining focus makes every guarded button inert again', () => {
    const { time, screens, card, dispose } = setUp({ trusted: () => true })
    cleanups.push(dispose)
    const action = vi.fn()
    const button = card.appendChild(screens.button(document.createElement('button'), action))
    screens.drawn(card)
    time.advance(INERT_MS)
    window.dispatchEvent(new Event('focus'))
    expect(button.getAttribute('aria-disabled')).toBe('true')
    button.click()
    expect(action).not.toHaveBeenCalled()
  })
})
