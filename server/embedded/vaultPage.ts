import 'server-only'
import { VAULT_CSS } from '@sigil/lib/embedded/vaultStyle'
import { VAULT_CONFIG_ELEMENT_ID, type VaultChain, type VaultPageConfig } from '@sigil/lib/embedded/vaultPageConfig'
import { embedded } from '@sigil/lib/i18n/embedded'
import { embeddedConfirmation } from '@sigil/lib/i18n/embeddedConfirmation'
import { errors } from '@sigil/lib/i18n/errors'
import { loadCatalogue } from '@sigil/lib/i18n/loadCatalogue'
import { isLocale } from '@sigil/lib/i18n/locales'
import { plainErrors, type PlainErrorCode } from '@sigil/lib/i18n/plainErrors'
import { escapeHtml } from '@/server/http/html'
import { VAULT_PATHS } from '@/server/http/vaultRouting'
import { negotiateLocale } from '@/server/i18n/negotiateLocale'
import type { CatchAllContext } from '@/server/http/catchAll'

/**
 * The embedded wallet's vault page and its script's responses, with their configuration as
 * arguments (the wiring from the environment is `getVaultPage` in ./server.ts). The page is plain
 * HTML on the vault's origin: its own style and one script of its own, both under the response's
 * nonce, no framework runtime, nothing shared with the app's pages. The script itself is the host's
 * build (a prebuilt one from @sigil/connectors, or Sigil's own: app/_build/vaultBundle.mjs); the page
 * only names it by its content's hash.
 */

/** What a deployment decides for its vault page; read for each request. */
export type VaultPageSettings = {
  /** The app's origins: the only pages whose messages the vault reads. */
  appOrigins: readonly string[]
  /** The deployment's chains, as the confirmation sheet names them. */
  chains: readonly VaultChain[]
  /** Tests only (behind the test clock's gate): the idle lock in milliseconds instead of minutes. */
  idleLockMs?: number | undefined
}

export type VaultPageOptions = {
  settings: () => VaultPageSettings
  /** The script's content hash (hex): the page asks `/vault.js?v=<its first 16>`, cached for good. */
  scriptHash: () => Promise<string>
}

/** The vault script as a host serves it: its code and its content's hash (hex). */
export type VaultScript = { code: string; sha256: string }

const SCRIPT_VERSION_LENGTH = 16

/**
 * The embedded wallet's sections of a locale's catalogue. Its manifest registers them with lib's
 * catalogue types (`connectors/embedded/manifest.ts`), which this package does not import: read
 * here by name, with the shapes lib's own English files give them.
 */
type VaultSections = { embedded?: Readonly<Record<string, string>> | undefined; embeddedConfirmation?: Readonly<Record<string, string>> | undefined }

/**
 * The nonce the host's proxy put in this response's policy and forwarded on the request (Sigil's
 * proxy.ts); a request without one never came through it, and gets a 404.
 */
function nonceOf(request: Request): string | undefined {
  return /'nonce-([A-Za-z0-9+/=]+)'/.exec(request.headers.get('content-security-policy') ?? '')?.[1]
}

/** JSON inside `<script type="application/json">`: no `<`, so no `</script>` can end it early. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')
}

/**
 * `GET` of the vault page: in the language `?lang=` names (else the browser's), in a frame or, with
 * `?mode=popup`, in a window the page opened.
 */
export function createVaultPage(options: VaultPageOptions): (request: Request) => Promise<Response> {
  return async (request) => {
    const nonce = nonceOf(request)
    if (!nonce) return new Response('Not found', { status: 404 })
    const url = new URL(request.url)
    const asked = url.searchParams.get('lang')
    const locale = isLocale(asked) ? asked : negotiateLocale({ cookie: undefined, acceptLanguage: request.headers.get('accept-language') })
    const messages = (await loadCatalogue(locale)) as (Awaited<ReturnType<typeof loadCatalogue>> & VaultSections) | undefined
    const settings = options.settings()
    const config: VaultPageConfig = {
      appOrigins: [...settings.appOrigins],
      idleLockMs: settings.idleLockMs,
      mode: url.searchParams.get('mode') === 'popup' ? 'popup' : 'frame',
      locale,
      chains: settings.chains.map(({ id, name, symbol, decimals }) => ({ id, name, symbol, decimals })),
      strings: {
        ui: { ...embedded.ui, ...(messages?.embedded ?? {}) },
        // The words the page would show for each code the vault can meet, in the page's language.
        errors: Object.fromEntries(
          (Object.keys({ ...errors, ...embedded.errors }) as PlainErrorCode[]).map((code) => [code, messages?.errors[code] ?? plainErrors[code]]),
        ),
        sheet: { ...embeddedConfirmation, ...(messages?.embeddedConfirmation ?? {}) },
      },
    }
    const version = (await options.scriptHash()).slice(0, SCRIPT_VERSION_LENGTH)
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
<script nonce="${nonce}" src="${VAULT_PATHS.script}?v=${version}"></script>
</body>
</html>`
    return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } })
  }
}

/** The vault's script: immutable when asked by the hash the page names; anything else is not cached. */
export function vaultScriptResponse(request: Request, script: VaultScript): Response {
  const version = new URL(request.url).searchParams.get('v')
  const cache = version === script.sha256.slice(0, SCRIPT_VERSION_LENGTH) ? 'public, max-age=31536000, immutable' : 'no-store'
  return new Response(script.code, { headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': cache } })
}

/**
 * One of the script's lazy chunks (`/vault-<name>-<hash>.js`): its name carries its content's hash,
 * so it is cached for good; a name the build does not have (`undefined`) is a 404.
 */
export function vaultChunkResponse(code: string | undefined): Response {
  if (code === undefined) return new Response('Not found', { status: 404 })
  return new Response(code, { headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'public, max-age=31536000, immutable' } })
}

/** A script with its lazy chunks by file name, as a package ships it (@sigil/connectors' `prebuiltVaultScript`). */
export type VaultScriptWithChunks = VaultScript & { chunks: Readonly<Record<string, string>> }


/**
 * The vault's page, script and chunks as one handler, for one optional catch-all route file
 * (`app/vault/[[...path]]/route.ts`), where the proxy's rewrite puts them (server/http/vaultRouting.ts):
 * the page at `/vault`, the script at `/vault/script`, a chunk at `/vault/script/<name>`; any other
 * path is a 404. `script` is the host's script (a prebuilt one, or its own build), read for each request.
 */
export function createVaultRoute(options: { settings: () => VaultPageSettings; script: () => VaultScriptWithChunks | Promise<VaultScriptWithChunks> }): (request: Request, context: CatchAllContext) => Promise<Response> {
  const page = createVaultPage({ settings: options.settings, scriptHash: async () => (await options.script()).sha256 })
  return async (request, context) => {
    const path = (await context.params).path ?? []
    if (path.length === 0) return page(request)
    if (path[0] !== 'script' || path.length > 2) return vaultChunkResponse(undefined)
    const script = await options.script()
    if (path.length === 1) return vaultScriptResponse(request, script)
    const name = path[1]!
    return vaultChunkResponse(Object.hasOwn(script.chunks, name) ? script.chunks[name] : undefined)
  }
}
