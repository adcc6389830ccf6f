import type { ApprovalGuard } from './approval'

/** The part of the approval guard the screens use (tests give one with a clock of their own). */
export type ScreenApprovalGuard = Pick<ApprovalGuard, 'observe' | 'restart' | 'isLive' | 'remaining' | 'subscribe'>

/**
 * The approval guard (approval.ts) on the vault's own screens, as the sheet has it on Approve: every
 * consequential button and form of the screens acts only on the user's own activation of that very
 * control, while the vault is seen and settled (docs/embedded/threat-model.md#the-guard). A guarded
 * control says when it is not live yet (`aria-disabled`, `data-live="false"`), so a user, a screen
 * reader and a test all wait for it the same way; a press while it is not live does nothing.
 *
 * `trusted` is how an event is known to come from the user: the browser's `isTrusted`, which no script
 * can set (tests of the screens' own logic, in jsdom, pass their own).
 */
export function createScreenGuard(parameters: { root: HTMLElement; guard: ScreenApprovalGuard; trusted?: (event: Event) => boolean }) {
  const { root, guard } = parameters
  const trusted = parameters.trusted ?? ((event: Event) => event.isTrusted)
  let timer: ReturnType<typeof setTimeout> | undefined

  function refresh() {
    clearTimeout(timer)
    const live = guard.isLive()
    for (const control of root.querySelectorAll<HTMLElement>('[data-guarded]')) {
      control.setAttribute('aria-disabled', String(!live))
      control.dataset.live = String(live)
    }
    const wait = guard.remaining()
    if (!live && Number.isFinite(wait)) timer = setTimeout(refresh, wait + 5)
  }
  guard.subscribe(refresh)

  /** The user's own click on exactly `control`, with the pointer having come inside it, while live. */
  function allowsClick(event: MouseEvent, control: HTMLElement): boolean {
    return trusted(event) && event.type === 'click' && event.target === control && event.currentTarget === control && guard.isLive(event, control)
  }

  return {
    /** A new screen is drawn: its card is what must be seen, and the inert time starts again. */
    drawn(card: HTMLElement): void {
      guard.observe(card)
      guard.restart()
      refresh()
    },
    /** `action` runs on the user's own, live activation of `control` only. */
    button<T extends HTMLElement>(control: T, action: () => void): T {
      control.dataset.guarded = ''
      control.addEventListener('click', (event) => {
        if (allowsClick(event, control)) action()
      })
      return control
    },
    /**
     * `onSubmit` runs on a submission the user made while live: a live click on one of the form's
     * submit buttons, or Enter in one of its fields (no pointer: the keyboard is the user's). A click
     * on a submit button that is not live does not submit at all.
     */
    form(form: HTMLFormElement, onSubmit: (data: FormData) => void): HTMLFormElement {
      // The press that may submit, set by the user's own live click on a submit button or Enter in a
      // field, and spent by the submission it starts: a submission without one (a script's
      // requestSubmit, which browsers mark trusted) does nothing.
      let armed = false
      for (const submit of form.querySelectorAll<HTMLElement>('button[type="submit"]')) {
        submit.dataset.guarded = ''
        submit.addEventListener('click', (event) => {
          // Enter in a field makes the browser click the form's submit button itself (a click with no
          // pointer): the Enter already armed it, so that click keeps it armed.
          if (allowsClick(event, submit)) armed = true
          else if (!armed) event.preventDefault()
        })
      }
      form.addEventListener('keydown', (event) => {
        if (event.key === 'Enter' && trusted(event) && event.target instanceof HTMLInputElement) armed = guard.isLive()
      })
      form.addEventListener('submit', (event) => {
        event.preventDefault()
        const pressed = armed
        armed = false
        if (!pressed || !trusted(event) || !guard.isLive()) return
        onSubmit(new FormData(form))
      })
      return form
    },
    refresh,
  }
}
