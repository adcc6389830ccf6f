import input from '@sigil/config'
import { getSupportedChains } from '@sigil/lib/chains'
import { checkSigilConfig, type SigilConfig, type SigilConfigInput } from '@sigil/lib/config/sigilConfig'
import { locales } from '@sigil/lib/i18n/locales'
import { ui } from '@sigil/lib/i18n/ui'

/**
 * The part of `sigil.config.ts` the server applies itself: the chains (the deployment's chain list),
 * the sign-in statement (what a sign-in message must carry) and the copy (the sentences it renders).
 * Checked by the same rules as the whole file (lib/config/sigilConfig.ts); the wallet list and the
 * families are the page's, checked with the wallet book by the app (app/_config/sigilConfig.ts), and
 * the whole file is checked at build and at boot before any request.
 */
export type ServerSigilConfig = Pick<SigilConfig, 'chains' | 'signIn' | 'copy'>

let checked: ServerSigilConfig | undefined

export function serverSigilConfig(file: SigilConfigInput | undefined = input): ServerSigilConfig {
  if (file !== input) return readServerPart(file)
  checked ??= readServerPart(file)
  return checked
}

function readServerPart(file: SigilConfigInput | undefined): ServerSigilConfig {
  const part = file && { chains: file.chains, signIn: file.signIn, copy: file.copy }
  const { chains, signIn, copy } = checkSigilConfig(part, {
    chainIds: getSupportedChains({ includeLocal: true }).map((chain) => chain.id),
    familyIds: [],
    walletKeys: [],
    walletKeyOf: (shortName) => shortName,
    checkWallet: () => [],
    locales,
    ui,
  })
  return { ...(chains ? { chains } : {}), signIn, copy }
}
