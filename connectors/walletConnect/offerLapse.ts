/** The page the lapse watches: `document`, or a stand-in in tests. */
export type VisiblePage = Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>

/**
 * How long the page must have been on screen before a one-tap pairing is renewed: a phone freezes a
 * page the user left for the wallet, and on return the relay needs a few seconds to reconnect and
 * hand over an answer the wallet sent meanwhile.
 */
export const OFFER_RETURN_GRACE_MS = 10_000

export type OfferLapseOptions = {
  /** Aborted when the pairing ends otherwise: the lapse never comes, its timers and listeners go. */
  signal: AbortSignal
  graceMs?: number | undefined
  /** `document` in a browser; none (Node) means always on screen. */
  page?: VisiblePage | undefined
  now?: (() => number) | undefined
}

/**
 * Resolves when a pairing's one-tap sign-in offer has lapsed (docs/sign-in.md#one-tap-sign-in-over-walletconnect):
 * `ms` have passed, and the page has been on screen for the last `graceMs`. While the page is hidden
 * (the user is in the wallet, or in another tab) the offer stands: renewing it would replace the
 * request's key, and an approval the wallet sent meanwhile, still waiting at the relay, would be lost.
 */
export function offerLapse(ms: number, options: OfferLapseOptions): Promise<void> {
  const { signal, graceMs = OFFER_RETURN_GRACE_MS, page, now = Date.now } = options
  const deadline = now() + ms
  let visibleSince: number | undefined = !page || page.visibilityState === 'visible' ? now() - graceMs : undefined
  return new Promise<void>((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const stop = () => {
      clearTimeout(timer)
      page?.removeEventListener('visibilitychange', onVisibility)
      signal.removeEventListener('abort', stop)
    }
    const check = () => {
      clearTimeout(timer)
      const at = now()
      if (page && page.visibilityState !== 'visible') {
        // Hidden: wait for the page to come back (and look again at the deadline, should its return go unheard).
        visibleSince = undefined
        if (at < deadline) timer = setTimeout(check, deadline - at)
        return
      }
      // Shown, but its return not heard of yet (a thawed page may run its overdue timers first).
      visibleSince ??= at
      const due = Math.max(deadline, visibleSince + graceMs)
      if (at >= due) {
        stop()
        resolve()
        return
      }
      timer = setTimeout(check, due - at)
    }
    function onVisibility() {
      if (page?.visibilityState === 'visible') visibleSince ??= now()
      else visibleSince = undefined
      check()
    }
    if (signal.aborted) return
    signal.addEventListener('abort', stop)
    page?.addEventListener('visibilitychange', onVisibility)
    check()
  })
}
