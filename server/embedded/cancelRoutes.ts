/**
 * The owner's cancel link of a recovery, as HTML pages: the page with its button (GET) and the
 * cancel itself (POST of its form); a failure answers as plain text, never as the API's JSON.
 */
import { redactForLog } from '@/server/http/logSafety'
import { getAddress } from 'viem'
import { cancelPageHtml, cancelPageRequest, readCancelToken } from './cancelPage'
import { hashToken } from './emailCode'
import type { EmbeddedRouteKit } from './embeddedRouteKit'
import { toHttpError } from './routeShared'

/** The cancel-link routes of one `createEmbeddedRoutes` call. */
export function cancelRoutes(kit: EmbeddedRouteKit) {
  const { deps, now, log } = kit
  return {
    /**
     * GET of the owner's cancel link: a page with a button, never the cancel itself — mail scanners
     * open links, and must not cancel a recovery by doing so.
     */
    recoveryCancelPage: (request: Request) =>
      handleHtml(log, async () => {
        const page = cancelPageRequest(request)
        const store = await deps.store()
        const token = new URL(request.url).searchParams.get('token')
        const record = token && /^[A-Za-z0-9_-]{22}$/.test(token) ? await store.getRecoveryByCancelHash(hashToken(token)) : null
        if (!record) return cancelPageHtml({ kind: 'invalid' }, 404, page)
        const wallet = await store.getEmbeddedWallet(record.walletId)
        const address = wallet ? getAddress(wallet.address) : record.walletId
        if (record.state === 'cancelled') return cancelPageHtml({ kind: 'already_cancelled' }, 410, page)
        if (record.state === 'completed') return cancelPageHtml({ kind: 'already_completed', completedAt: record.completedAt ?? record.startedAt }, 410, page)
        if (record.cancelExpiresAt.getTime() <= now().getTime()) return cancelPageHtml({ kind: 'expired' }, 410, page)
        return cancelPageHtml({ kind: 'confirm', address, startedAt: record.startedAt, releaseAt: record.releaseAt, token: token! }, 200, page)
      }),

    /** POST of the cancel page's form: cancels the recovery (README, "Security model of the embedded wallet"). */
    recoveryCancel: (request: Request) =>
      handleHtml(log, async () => {
        const page = cancelPageRequest(request)
        const store = await deps.store()
        const at = now()
        const token = await readCancelToken(request)
        if (!token) return cancelPageHtml({ kind: 'invalid' }, 400, page)
        const outcome = await store.cancelRecovery(hashToken(token), at)
        if (outcome.kind === 'unknown') return cancelPageHtml({ kind: 'invalid' }, 404, page)
        if (outcome.kind === 'expired') return cancelPageHtml({ kind: 'expired' }, 410, page)
        if (outcome.kind === 'already_cancelled') return cancelPageHtml({ kind: 'already_cancelled' }, 410, page)
        if (outcome.kind === 'already_completed') return cancelPageHtml({ kind: 'already_completed', completedAt: outcome.record.completedAt ?? outcome.record.startedAt }, 410, page)
        const wallet = await store.getEmbeddedWallet(outcome.record.walletId)
        const keyReleased = outcome.record.keyReleasedAt !== null
        log(`[sigil] embedded recovery cancelled by its owner: wallet ${outcome.record.walletId}, key released: ${keyReleased}`)
        return cancelPageHtml({ kind: 'cancelled', address: wallet ? getAddress(wallet.address) : outcome.record.walletId, keyReleased }, 200, page)
      }),
  }
}

async function handleHtml(log: (line: string) => void, run: () => Promise<Response>): Promise<Response> {
  try {
    return await run()
  } catch (caught) {
    const error = toHttpError(caught)
    log(`[sigil] ${error.code}: ${redactForLog(error.details ?? '', 300)}`)
    return new Response(error.message, { status: error.status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } })
  }
}
