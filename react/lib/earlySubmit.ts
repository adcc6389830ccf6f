/*
 * A form submitted before the page's code answers it (docs/first-tap.md, "Sign message" tapped
 * before the page is ready). Apart from react/lib/earlyTap.ts, which the first load carries: only
 * the form's own code, loaded later, needs this.
 */

/**
 * On a form of the page's whose submission the inline script keeps until the page's code takes the
 * form over (SignMessagePanel's). Left to the browser, a form submitted before its `onSubmit` is
 * there is sent as a navigation: the page reloads, and what the user typed and tapped is gone.
 */
export const EARLY_SUBMIT_ATTRIBUTE = 'data-early-submit'

/**
 * The fields of `form` as it was submitted before the page's code answered it (the inline script
 * kept that submission instead of letting the browser reload the page), else undefined. Handed out
 * once, and only for that very element, which hydration keeps: a form React made anew in the
 * browser never matches, so a submission kept on a page that went on without it is never sent
 * later by surprise.
 */
export function takeEarlySubmit(form: Element | null | undefined, win: Window = window): FormData | undefined {
  const state = win.__sigilEarlyTap
  const kept = state?.submit
  if (!state || !form || kept?.form !== form) return undefined
  state.submit = undefined
  return kept.data
}
