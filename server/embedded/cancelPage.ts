import { embeddedApiPaths } from '@sigil/lib/embedded/apiTypes'
import { VAULT_CSS } from '@sigil/lib/embedded/vaultStyle'
import { isLocale, type Locale } from '@sigil/lib/i18n/locales'
import { escapeHtml } from '@/server/http/html'
import { readBodyBytes } from '@/server/http/readBody'
import { CANCEL_PAGE_TEXT, type CancelPageText } from '@/server/i18n/cancelPageLocales'
import { negotiateLocale } from '@/server/i18n/negotiateLocale'
import { format } from '@sigil/lib/i18n/format'

/**
 * The page behind the cancel link of a recovery notice: plain HTML with no script and no outside
 * resource (no Referer carrying the token anywhere), never cached; the vault's own style under the
 * response's nonce, so it looks like the wallet the owner knows, in the owner's language (the link's
 * `lang`, else the browser's).
 */

const CANCEL_TOKEN = /^[A-Za-z0-9_-]{22}$/

export type CancelPageState =
  | { kind: 'confirm'; address: string; startedAt: Date; releaseAt: Date; token: string }
  | { kind: 'cancelled'; address: string; keyReleased: boolean }
  | { kind: 'already_completed'; completedAt: Date }
  | { kind: 'invalid' | 'expired' | 'already_cancelled' }

const paragraph = (value: string, testId: string) => `<p data-testid="${testId}">${escapeHtml(value)}</p>`
const muted = (value: string, testId: string) => `<p class="muted" data-testid="${testId}">${escapeHtml(value)}</p>`
const utc = (date: Date) => date.toISOString().replace('T', ' ').slice(0, 16)

function body(state: CancelPageState, text: CancelPageText, lang: string): string {
  switch (state.kind) {
    case 'confirm':
      return (
        paragraph(format(text.confirm, { address: state.address, time: utc(state.startedAt), releaseTime: utc(state.releaseAt) }), 'cancel-confirm') +
        `<form method="post" action="${embeddedApiPaths.recoveryCancel}${lang}"><input type="hidden" name="token" value="${escapeHtml(state.token)}">` +
        `<div class="actions"><button type="submit" class="button primary" data-testid="cancel-recovery-button">${escapeHtml(text.button)}</button></div></form>`
      )
    case 'cancelled':
      return (
        paragraph(format(text.cancelled, { address: state.address }), 'cancel-done') +
        paragraph(state.keyReleased ? text.keyWasReleased : text.notFinished, 'cancel-effect') +
        muted(text.secureEmail, 'cancel-advice')
      )
    case 'already_completed':
      return paragraph(format(text.alreadyCompleted, { time: utc(state.completedAt) }), 'cancel-already-completed')
    case 'invalid':
      return paragraph(text.invalid, 'cancel-invalid')
    case 'expired':
      return paragraph(text.expired, 'cancel-expired')
    case 'already_cancelled':
      return paragraph(text.alreadyCancelled, 'cancel-already')
  }
}

/**
 * `same-origin`, not `no-referrer`: the token in the address never leaves for another site (the page
 * links and loads nothing outside), while the form's POST keeps its real `Origin` — under
 * `no-referrer` Chromium sends `Origin: null`, which the origin rule (proxy.ts) refuses.
 */
export function cancelPageHtml(state: CancelPageState, status = 200, page: CancelPageRequest = {}): Response {
  const locale = page.locale ?? 'en'
  const text = CANCEL_PAGE_TEXT[locale]
  const style = page.nonce ? `<style nonce="${escapeHtml(page.nonce)}">${VAULT_CSS}</style>` : ''
  const html =
    `<!doctype html><html lang="${locale}" data-mode="standalone"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="referrer" content="same-origin"><title>${escapeHtml(text.title)}</title>${style}</head>` +
    `<body><main><section class="card" aria-labelledby="cancel-title"><div class="header"><h1 id="cancel-title">${escapeHtml(text.title)}</h1></div>${body(state, text, locale === 'en' ? '' : `?lang=${encodeURIComponent(locale)}`)}</section></main></body></html>`
  return new Response(html, { status, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } })
}

/** What the page is drawn with from its request: the CSP nonce the proxy set, and the owner's language. */
export type CancelPageRequest = { nonce?: string | undefined; locale?: Locale | undefined }

/** The cancel page's request: its nonce (server/http/requestGuard.ts puts it in the forwarded CSP) and language. */
export function cancelPageRequest(request: Request): CancelPageRequest {
  const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(request.headers.get('content-security-policy') ?? '')?.[1]
  const asked = new URL(request.url).searchParams.get('lang')
  const locale = isLocale(asked) ? asked : negotiateLocale({ cookie: undefined, acceptLanguage: request.headers.get('accept-language') })
  return { nonce, locale }
}

/** The token of the cancel form (`application/x-www-form-urlencoded`, a few bytes), or undefined. */
export async function readCancelToken(request: Request): Promise<string | undefined> {
  const type = request.headers.get('content-type') ?? ''
  if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(type.trim())) return undefined
  const bytes = await readBodyBytes(request, 1024).catch(() => undefined)
  if (!bytes) return undefined
  const token = new URLSearchParams(new TextDecoder().decode(bytes)).get('token') ?? ''
  return CANCEL_TOKEN.test(token) ? token : undefined
}
