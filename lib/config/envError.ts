import { BaseError } from '@/lib/errors/BaseError'

/**
 * A deployment setting's value breaks its rule; `variable` names it. Thrown by the server's reader of
 * the environment (server/config/env.ts) and by the wallet families' settings parsers (their
 * manifests' `settings`, lib/config/familySettings.ts), with the message the server has always given.
 */
export class EnvError extends BaseError {
  override name = 'EnvError'
  override readonly code = 'env_invalid'
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(message)
  }
}

/** `localhost`, `127.0.0.1`, `[::1]` or a `*.localhost` name: an address only this machine reaches. */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]' || hostname.endsWith('.localhost')
}

/**
 * A name under `.test`, reserved for testing (RFC 6761 §6.2): never delegated in the public DNS, so
 * only a browser told where it is (a hosts file, `--host-resolver-rules`) reaches it. A production
 * build on such names is a test of the deployment's shape, not a deployment.
 */
export function isTestingHost(hostname: string): boolean {
  return hostname === 'test' || hostname.endsWith('.test')
}
