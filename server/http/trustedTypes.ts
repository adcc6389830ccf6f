/**
 * Trusted Types for the app's pages (`require-trusted-types-for 'script'` in production,
 * server/http/securityHeaders.ts). With it, the browser refuses a plain string in every DOM sink that
 * turns text into markup or code: `innerHTML`, `outerHTML`, `insertAdjacentHTML`, `document.write`,
 * `DOMParser`, a `<script>`'s text or `src`, `eval`, `new Function`, string timers, workers.
 * Our own code uses none of them (React renders nodes, the QR code is an SVG path).
 *
 * One library does, and we cannot change it: Turbopack's browser runtime loads each lazy chunk
 * (the connect dialog, the wallet SDKs) with `script.src = "/_next/static/chunks/…"`, a plain
 * string. A string only reaches a sink through the `default` policy, so the page installs one that
 * admits exactly that: an absolute or relative URL on this origin, under `/_next/static/`, ending in
 * `.js`. It creates no HTML and no script text (`createHTML`/`createScript` answer `null`: the sink
 * is refused and the violation reported), and no script URL from anywhere else.
 */

/** The only policy name the page's `trusted-types` directive allows; a second `createPolicy` of it fails. */
export const APP_TRUSTED_TYPES_POLICY = 'default'

/** Whether `url`, resolved against the page's origin, is one of this build's script chunks. */
export function isChunkScriptUrl(url: string, origin: string): boolean {
  let parsed: URL
  try {
    parsed = new URL(url, origin)
  } catch {
    return false
  }
  return (
    parsed.origin === origin &&
    parsed.pathname.startsWith('/_next/static/') &&
    parsed.pathname.endsWith('.js') &&
    !parsed.pathname.includes('/../') &&
    !parsed.username &&
    !parsed.password
  )
}

export type PolicyOptions = {
  createHTML: (input: string) => string | null
  createScript: (input: string) => string | null
  createScriptURL: (input: string) => string | null
}
export type TrustedTypesFactory = { createPolicy: (name: string, options: PolicyOptions) => unknown; defaultPolicy?: unknown }

/**
 * Installs the page's `default` policy once (instrumentation-client.ts, before hydration and before
 * any lazy chunk loads). No-op in browsers without Trusted Types, where the policy is not enforced.
 */
export function installTrustedTypesPolicy(win: { trustedTypes?: TrustedTypesFactory; location: { origin: string } } = window as never): boolean {
  const factory = win.trustedTypes
  if (!factory || factory.defaultPolicy) return false
  factory.createPolicy(APP_TRUSTED_TYPES_POLICY, {
    createHTML: () => null,
    createScript: () => null,
    createScriptURL: (input) => (isChunkScriptUrl(input, win.location.origin) ? input : null),
  })
  return true
}
