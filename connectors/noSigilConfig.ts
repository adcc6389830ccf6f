/**
 * What `@sigil/config` is in a host without a `sigil.config.ts`, when its Next config goes through
 * `withSigil` (withSigil.ts): no choices, so every default holds. Reached through this package, so
 * that the alias resolves from the host's root under any package manager.
 */
export { default } from '@sigil/lib/config/noSigilConfig'
