import { embedded } from '@sigil/lib/i18n/embedded'
import { embeddedConfirmation } from '@sigil/lib/i18n/embeddedConfirmation'
import { errors } from '@sigil/lib/i18n/errors'
import { isLocale } from '@sigil/lib/i18n/locales'
import { negotiateLocale } from '@sigil/server/i18n/negotiateLocale'
import { plainErrors, type PlainErrorCode } from '@sigil/lib/i18n/plainErrors'
import { loadCatalogue } from '@sigil/lib/i18n/loadCatalogue'
import { getSupportedChains } from '@sigil/lib/chains'
import { readEnv } from '@sigil/server/config/env'
import { getDeploymentConfig } from '@sigil/server/config/server'
import { isTestClockEnabled } from '@sigil/server/embedded/clock'
import { VAULT_PATHS } from '@sigil/server/http/vaultRouting'
import { VAULT_CONFIG_ELEMENT_ID, type VaultPageConfig } from '@sigil/connectors/embedded/vault/pageConfig'
import { VAULT_CSS } from '@sigil/lib/embedded/vaultStyle'
import { vaultScript } from '@/app/_build/vaultScript'

export const runtime = 'nodejs'
export const dynamic = 'force-dynamic'

/** The nonce `proxy.ts` put in this response's policy (it forwards the policy on the request). */
function nonceOf(request: Request): string | undefined {
  return /'nonce-([A-Za-z0-9+/=]+)'/.exec(request.headers.get('content-security-policy') ?? '')?.[1]
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/** JSON inside `<script type="application/json">`: no `<`, so no `</script>` can end it early. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')
}

/**
 * The embedded wallet's vault page, on `VAULT_ORIGIN` only (proxy.ts rewrites `/` there to this
 * route; on the app's hosts it is a 404). Plain HTML, its own style and one script of its own,
 * both under this response's nonce: no framework runtime, nothing shared with the app's pages.
 */
export async function GET(request: Request): Promise<Response> {
  const nonce = nonceOf(request)
  if (!nonce) return new Response('Not found', { status: 404 })
  const url = new URL(request.url)
  const asked = url.searchParams.get('lang')
  const locale = isLocale(asked) ? asked : negotiateLocale({ cookie: undefined, acceptLanguage: request.headers.get('accept-language') })
  const messages = await loadCatalogue(locale)
  const env = readEnv()
  const appOrigins = [...getDeploymentConfig(env).appOrigins]
  // Tests only: the idle lock in seconds rather than minutes, where the test hooks exist at all
  // (EMBEDDED_TEST_CLOCK's secret, loopback origins, the local chain: never a deployment).
  const config: VaultPageConfig = {
    appOrigins,
    idleLockMs: isTestClockEnabled(env, appOrigins) ? env.testIdleLockMs : undefined,
    mode: url.searchParams.get('mode') === 'popup' ? 'popup' : 'frame',
    locale,
    chains: getSupportedChains({ includeLocal: env.localChain }).map((chain) => ({
      id: chain.id,
      name: chain.name,
      symbol: chain.nativeCurrency.symbol,
      decimals: chain.nativeCurrency.decimals,
    })),
    strings: {
      ui: { ...embedded.ui, ...(messages?.embedded ?? {}) },
      // The words the page would show for each code the vault can meet, in the page's language.
      errors: Object.fromEntries(
        (Object.keys({ ...errors, ...embedded.errors }) as PlainErrorCode[]).map((code) => [code, messages?.errors[code] ?? plainErrors[code]]),
      ),
      sheet: { ...embeddedConfirmation, ...(messages?.embeddedConfirmation ?? {}) },
    },
  }
  const script = await vaultScript()
  const html = `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(config.strings.ui.title ?? 'Wallet')}</title>
<style nonce="${nonce}">${VAULT_CSS}</style>
</head>
<body>
<main id="vault" aria-live="polite"></main>
<script type="application/json" id="${VAULT_CONFIG_ELEMENT_ID}">${jsonForScript(config)}</script>
<script nonce="${nonce}" src="${VAULT_PATHS.script}?v=${script.sha256.slice(0, 16)}"></script>
</body>
</html>`
  return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } })
}
