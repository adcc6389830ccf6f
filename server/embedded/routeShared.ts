/**
 * What every part of the embedded wallet's API shares (routes.ts composes the parts): the
 * configuration and dependencies the routes read, the cookies' token shape, fresh ids and tokens,
 * the mapping of any failure to the API's refusal, and the language of the asking browser.
 */
import { randomBytes } from 'node:crypto'
import { isHttpError, type HttpError } from '@sigil/lib/errors/HttpError'
import { negotiateLocale } from '@/server/i18n/negotiateLocale'
import { isStoreError } from '@/server/store/errors'
import type { Store } from '@/server/store/types'
import { SealedEmailError } from './emailAtRest'
import { embeddedError, embeddedErrors } from './httpErrors'
import { MailConfigError } from './mailConfigError'
import type { Mailer } from './mailer'
import type { EmbeddedLimits } from './policy'
import type { RecoveryKeyring } from './recoveryKey'
import { RecoveryKeyMissingError } from './recoveryEnvelope'

/** Everything the routes read from the server configuration. */
export type EmbeddedConfig = {
  /** Exact origins (`APP_ORIGIN`): the passkeys' expected origins and RP ids, and the cancel link's site. */
  origins: readonly string[]
  /**
   * The app's pages (`APP_ORIGIN`) that frame the vault: the only top origins a passkey assertion made
   * in the vault's frame may name (WebAuthn L3 `topOrigin`). Default: none (a framed assertion is refused).
   */
  frameOrigins?: readonly string[] | undefined
  /** `EMBEDDED_RECOVERY_KEY` (current) and `EMBEDDED_RECOVERY_KEYS_PREVIOUS`: envelopes and code HMACs. */
  recoveryKeys: () => Promise<RecoveryKeyring>
  mailer: Mailer
  secureCookies: boolean
  limits?: EmbeddedLimits | undefined
  /** `EMBEDDED_RECOVERY_DELAY`: seconds from a recovery's start to its key's release (default 48 h). */
  recoveryDelaySeconds?: number | undefined
  /**
   * `TRUSTED_PROXY_HOPS`: the proxies in front of the app. Above 0, the edge's country header is
   * trusted for the place a recovery or a pairing is shown with (`coarsePlace`); 0 (the default):
   * the header is the client's own word, and no place is shown.
   */
  trustedProxyHops?: number | undefined
}

export type EmbeddedRouteDeps = {
  config: () => EmbeddedConfig | Promise<EmbeddedConfig>
  store: () => Promise<Store>
  now?: () => Date
  /** The client's rate-limit key (`clientIp(request, hops)`, server/http/clientIp.ts). */
  clientIp: (request: Request) => string
  log?: (line: string) => void
  /**
   * Runs work the answer must not wait for (the recovery emails). Default: started at once, its
   * failure logged; tests pass their own to await it.
   */
  background?: (task: () => Promise<void>) => void
}

/**
 * The cookies of the embedded API (named in `lib/storageNames.ts`), all httpOnly (script never reads
 * them); over https `Secure; SameSite=None; Partitioned` (see `cookieFlags`), over plain http Strict:
 * - the code binding: set when a code is asked for, checked when it is entered, so a code works only
 *   in the browser that asked for it. Path=/, hence `__Host-` (RFC 6265bis) when secure;
 * - the proven email: set by a right verification code, used up by the wallet it lets this browser make;
 * - the recovery session: set by a right recovery code, sent only to the recovery routes.
 */
export const TOKEN = /^[A-Za-z0-9_-]{43}$/
export const newId = () => randomBytes(16).toString('base64url')
export const newToken = () => randomBytes(32).toString('base64url')

export function toHttpError(error: unknown): HttpError {
  if (isHttpError(error, embeddedErrors)) return error
  if (isStoreError(error)) return embeddedError('embedded_unavailable', { details: error.message, cause: error })
  if (error instanceof RecoveryKeyMissingError) return embeddedError('embedded_unavailable', { details: error.message, cause: error })
  // A stored email that does not open: its key was retired without a re-seal (or the row was tampered with).
  if (error instanceof SealedEmailError) return embeddedError('embedded_unavailable', { details: error.message, cause: error })
  // Mail settings production refuses (next start refuses them first) or none at all: email steps cannot run.
  if (error instanceof MailConfigError) return embeddedError('embedded_mail_unavailable', { details: error.message, cause: error })
  return embeddedError('embedded_internal_error', { details: error instanceof Error ? `${error.name}: ${error.message}` : String(error), cause: error })
}

/**
 * The language of the browser a request came from: the vault sends its own as `Accept-Language`
 * (connectors/embedded/vault/api.ts), else the browser's; English when neither is one of ours.
 */
export function requestLocale(request: Request): string {
  return negotiateLocale({ acceptLanguage: request.headers.get('accept-language') })
}
