/**
 * `@sigil/config` is the deployment's `sigil.config.ts`, which the host provides: its bundler
 * aliases the name to the file, or to a module with no choices when there is none (`withSigil` from
 * `@sigil/connectors/withSigil` does both, with `@sigil/connectors/noSigilConfig`; this app's `next.config.mjs`,
 * `tsconfig.json` and `vitest.config.ts` do it themselves). Read by config/sigilConfig.ts only.
 * Declared for the package's own build, where the alias is not set.
 */
declare module '@sigil/config' {
  import type { SigilConfigInput } from '@sigil/lib/config/sigilConfig'
  const config: SigilConfigInput | undefined
  export default config
}
