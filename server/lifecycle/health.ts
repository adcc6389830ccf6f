import 'server-only'
import { errorResponse, jsonResponse } from '@/server/http/json'
import { authError } from '@sigil/lib/siwe/catalogue'
import { getStore } from '@/server/store/openStore'
import { isShuttingDown } from './shutdown'
import { storeStarting } from './storeAtBoot'

/** A health check must answer fast even when the database hangs: a load balancer waits on it. */
const STORE_CHECK_MS = 2_000

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/**
 * `GET /api/health`: 200 `{"status":"ok"}` when the store answers a query; 503 `{"status":"starting"}`
 * while the store is still opening at start-up (server/lifecycle/storeAtBoot.ts; at once, nothing logged);
 * 503 with a code when the store does not answer (`store_unavailable`) or when the process is
 * stopping (`shutting_down`), so a load balancer takes the instance out. Says nothing else: no
 * version, no store kind, no error detail.
 */
export async function healthResponse(): Promise<Response> {
  if (isShuttingDown()) return errorResponse(authError('shutting_down'))
  if (storeStarting()) return jsonResponse({ status: 'starting' }, { status: 503, headers: { 'retry-after': '1' } })
  try {
    await within(
      getStore().then((store) => store.ping()),
      STORE_CHECK_MS,
    )
  } catch (error) {
    console.error(`[sigil] health check: the store did not answer: ${error instanceof Error ? error.message : String(error)}`)
    return errorResponse(authError('store_unavailable'))
  }
  return isShuttingDown() ? errorResponse(authError('shutting_down')) : jsonResponse({ status: 'ok' })
}
