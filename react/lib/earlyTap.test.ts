// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  clearEarlyTapMark,
  EARLY_TAP_ATTRIBUTE,
  handOverDialogFrame,
  onEarlyTap,
  openDialogFrame,
  takeEarlyTap,
} from './earlyTap'
import { EARLY_SUBMIT_ATTRIBUTE, takeEarlySubmit } from './earlySubmit'
import { DIALOG_FRAME_ATTRIBUTE, earlyTapScript, FRAME_CLOSE_ATTRIBUTE, FRAME_OPTION_ATTRIBUTE, FRAME_STORE_ATTRIBUTE } from './earlyTapScript'

/** The listeners the script added, taken off after each test: each test's script is the page's only one. */
const added: [EventTarget, string, EventListenerOrEventListenerObject, boolean | AddEventListenerOptions | undefined][] = []

/** Runs the inline script as the page would (fresh listeners per test, on a fresh document body). */
function runScript(source = earlyTapScript) {
  const targets: EventTarget[] = [document, window]
  const own = targets.map((target) => Object.getOwnPropertyDescriptor(target, 'addEventListener'))
  for (const target of targets) {
    const add = target.addEventListener.bind(target)
    target.addEventListener = (type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions) => {
      if (listener) added.push([target, type, listener, options])
      add(type, listener, options)
    }
  }
  try {
    // The test's stand-in for the server-rendered `<script nonce>`; the page never evaluates strings.
    new Function(source)()
  } finally {
    // Back to what each had: its own property (jsdom's window) or the prototype's.
    targets.forEach((target, i) => {
      const descriptor = own[i]
      if (descriptor) Object.defineProperty(target, 'addEventListener', descriptor)
      else Reflect.deleteProperty(target, 'addEventListener')
    })
  }
}

afterEach(() => {
  for (const [target, type, listener, options] of added.splice(0)) target.removeEventListener(type, listener, options)
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

describe('a form submitted before the page’s code answers it', () => {
  function renderForm(marked = true) {
    const form = document.createElement('form')
    if (marked) form.setAttribute(EARLY_SUBMIT_ATTRIBUTE, '')
    const field = document.createElement('textarea')
    field.name = 'message'
    field.value = 'typed before hydration'
    const button = document.createElement('button')
    button.type = 'submit'
    form.append(field, button)
    document.body.append(form)
    return { form, button }
  }
  /** What the browser does as the form is submitted: false when a listener cancelled it (no navigation). */
  const submit = (form: HTMLFormElement, submitter: HTMLElement) => form.dispatchEvent(new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter }))

  it('is not sent (no reload), its button turns busy, and it is kept for that very form, once', () => {
    runScript()
    const { form, button } = renderForm()
    expect(submit(form, button), 'the browser would have reloaded the page').toBe(false)
    expect(button.getAttribute('aria-busy')).toBe('true')
    expect(button.hasAttribute(EARLY_TAP_ATTRIBUTE)).toBe(true)
    // Its fields as they were submitted, whatever hydration does to them afterwards.
    form.querySelector('textarea')!.value = 'put back by hydration'
    // A form React made anew (not the element the server sent) is not the one submitted.
    expect(takeEarlySubmit(renderForm().form)).toBeUndefined()
    expect(takeEarlySubmit(form)?.get('message')).toBe('typed before hydration')
    expect(takeEarlySubmit(form), 'StrictMode’s second effect run').toBeUndefined()
    expect(takeEarlySubmit(null)).toBeUndefined()
  })

  it('is left to the page’s code once it answers the form, and an unmarked form to the browser', () => {
    runScript()
    const { form, button } = renderForm()
    // React's listener on the document cancels the submission before it reaches the window.
    const answer = (event: Event) => event.preventDefault()
    document.addEventListener('submit', answer)
    try {
      expect(submit(form, button)).toBe(false)
    } finally {
      document.removeEventListener('submit', answer)
    }
    expect(button.hasAttribute('aria-busy')).toBe(false)
    expect(takeEarlySubmit(form)).toBeUndefined()

    const other = renderForm(false)
    expect(submit(other.form, other.button), 'sent as the browser sends it').toBe(true)
    expect(other.button.hasAttribute('aria-busy')).toBe(false)
    expect(takeEarlySubmit(other.form)).toBeUndefined()
  })
})

describe('the dialog’s frame', () => {
  // jsdom has no modal dialogs: opening and closing set and take off `open`, as a browser's do.
  beforeAll(() => {
    HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
      this.setAttribute('open', '')
    }
    HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
      this.removeAttribute('open')
    }
  })

  /** The server's frame: a closed dialog, its close button and two rows. */
  function renderFrame() {
    const frame = document.createElement('dialog')
    frame.setAttribute(DIALOG_FRAME_ATTRIBUTE, '')
    const close = document.createElement('button')
    close.setAttribute(FRAME_CLOSE_ATTRIBUTE, '')
    const rows = ['metamask', 'embedded'].map((key) => {
      const row = document.createElement('button')
      row.setAttribute(FRAME_OPTION_ATTRIBUTE, key)
      const name = document.createElement('span')
      name.textContent = key
      row.append(name)
      return row
    })
    frame.append(close, ...rows)
    document.body.append(frame)
    return { frame, close, rows }
  }

  it('opens from a tap on "Connect wallet" before hydration; a row tapped in it is kept, the last one, and handed over once as the dialog closes it', () => {
    runScript()
    const { button } = renderButton()
    const { frame, rows } = renderFrame()
    button.click()
    expect(frame.open).toBe(true)
    rows[0]!.querySelector('span')!.click()
    expect(rows[0]!.getAttribute('aria-busy')).toBe('true')
    rows[1]!.click()
    expect(rows[0]!.hasAttribute('aria-busy')).toBe(false)
    expect(rows[1]!.getAttribute('aria-busy')).toBe('true')
    // The page takes over: the tap on the button, then the dialog takes the frame's row.
    expect(takeEarlyTap()).toBe('connect-button')
    expect(handOverDialogFrame()).toBe('embedded')
    expect(frame.open).toBe(false)
    expect(rows[1]!.hasAttribute('aria-busy')).toBe(false)
    expect(handOverDialogFrame()).toBeUndefined()
  })

  it('closed by its button, the backdrop or Esc, drops the kept taps; once the page has taken over, the dialog on its way hears it was withdrawn', () => {
    for (const ready of [false, true]) {
      for (const dismiss of [
        (frame: HTMLDialogElement, close: HTMLElement) => close.click(),
        (frame: HTMLDialogElement) => frame.click(),
        (frame: HTMLDialogElement) => frame.dispatchEvent(new Event('cancel', { cancelable: true })),
      ]) {
        for (const [target, type, listener, options] of added.splice(0)) target.removeEventListener(type, listener, options)
        delete window.__sigilEarlyTap
        document.body.replaceChildren()
        runScript()
        const { button } = renderButton()
        const { frame, close, rows } = renderFrame()
        button.click()
        // After hydration the page answers the button (Wallet: busy marks, the frame).
        if (ready) takeEarlyTap()
        rows[0]!.click()
        dismiss(frame, close)
        expect(frame.open).toBe(false)
        expect(button.hasAttribute('aria-busy')).toBe(false)
        expect(button.hasAttribute(EARLY_TAP_ATTRIBUTE)).toBe(false)
        expect(rows[0]!.hasAttribute('aria-busy')).toBe(false)
        expect(takeEarlyTap()).toBeUndefined()
        expect(handOverDialogFrame()).toBe(ready ? false : undefined)
        // Said once: the next dialog opens as usual.
        expect(handOverDialogFrame()).toBeUndefined()
      }
    }
  })

  it('a tap on "No wallet?" after a dismissal is a new ask: the dialog it opens is not withdrawn', () => {
    runScript()
    const { button } = renderButton()
    const { close } = renderFrame()
    const create = document.createElement('button')
    create.dataset.testid = 'create-wallet-link'
    document.body.append(create)
    button.click()
    takeEarlyTap()
    close.click()
    create.click()
    expect(handOverDialogFrame()).toBeUndefined()
  })

  it('opened again after a dismissal, forgets it', () => {
    runScript()
    const { button } = renderButton()
    const { frame, close } = renderFrame()
    button.click()
    takeEarlyTap()
    close.click()
    expect(openDialogFrame()).toBe(true)
    expect(frame.open).toBe(true)
    expect(handOverDialogFrame()).toBeUndefined()
  })

  it('after hydration opens only when the page asks, and still keeps a row tapped in it; "No wallet?" never opens it', () => {
    runScript()
    const { frame, rows } = renderFrame()
    const create = document.createElement('button')
    create.dataset.testid = 'create-wallet-link'
    document.body.append(create)
    create.click()
    expect(frame.open).toBe(false)
    expect(takeEarlyTap()).toBe('create-wallet-link')
    const { button } = renderButton()
    button.click()
    expect(frame.open).toBe(false)
    expect(openDialogFrame()).toBe(true)
    expect(frame.open).toBe(true)
    rows[0]!.click()
    expect(handOverDialogFrame()).toBe('metamask')
  })

  it('opens a row’s store page in the tap where that is its only way, and keeps nothing for it', () => {
    runScript()
    const { button } = renderButton()
    const { frame, rows } = renderFrame()
    rows[0]!.setAttribute(FRAME_STORE_ATTRIBUTE, 'https://store.example/metamask')
    const open = vi.spyOn(window, 'open').mockImplementation(() => null)
    button.click()
    rows[0]!.click()
    expect(open).toHaveBeenCalledWith('https://store.example/metamask', '_blank', 'noopener,noreferrer')
    expect(rows[0]!.hasAttribute('aria-busy')).toBe(false)
    expect(frame.open).toBe(true)
    expect(handOverDialogFrame()).toBeUndefined()
    open.mockRestore()
  })

  it('is not there on a page without it: nothing opens', () => {
    runScript()
    const { button } = renderButton()
    button.click()
    expect(openDialogFrame()).toBe(false)
    expect(handOverDialogFrame()).toBeUndefined()
  })
})
