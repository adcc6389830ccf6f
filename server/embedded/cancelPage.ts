import { embeddedApiPaths } from '@/lib/embedded/apiTypes'
import { readBodyBytes } from '@/server/http/readBody'
import { embeddedServer } from '@/server/i18n/embeddedServer'
import { format } from '@/lib/i18n/format'

/**
 * The page behind the cancel link of a recovery notice: plain HTML with no script, style or outside
 * resource (nothing for a strict CSP to block, no Referer carrying the token anywhere), never cached.
 */

const CANCEL_TOKEN = /^[A-Za-z0-9_-]{22}$/
const text = embeddedServer.cancelPage

export type CancelPageState =
  | { kind: 'confirm'; address: string; startedAt: Date; releaseAt: Date; token: string }
  | { kind: 'cancelled'; address: string; keyReleased: boolean }
  | { kind: 'already_completed'; completedAt: Date }
  | { kind: 'invalid' | 'expired' | 'already_cancelled' }

const escape = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
const paragraph = (value: string, testId: string) => `<p data-testid="${testId}">${escape(value)}</p>`
const utc = (date: Date) => date.toISOString().replace('T', ' ').slice(0, 16)

function body(state: CancelPageState): string {
  switch (state.kind) {
    case 'confirm':
      return (
        paragraph(format(text.confirm, { address: state.address, time: utc(state.startedAt), releaseTime: utc(state.releaseAt) }), 'cancel-confirm') +
        `<form method="post" action="${embeddedApiPaths.recoveryCancel}"><input type="hidden" name="token" value="${escape(state.token)}">` +
        `<button type="submit" data-testid="cancel-recovery-button">${escape(text.button)}</button></form>`
      )
    case 'cancelled':
      return (
        paragraph(format(text.cancelled, { address: state.address }), 'cancel-done') +
        paragraph(state.keyReleased ? text.keyWasReleased : text.notFinished, 'cancel-effect') +
        paragraph(text.secureEmail, 'cancel-advice')
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
export function cancelPageHtml(state: CancelPageState, status = 200): Response {
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<meta name="referrer" content="same-origin"><title>${escape(text.title)}</title></head>` +
    `<body><main><h1>${escape(text.title)}</h1>${body(state)}</main></body></html>`
  return new Response(html, { status, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } })
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
