import { describe, expect, it } from 'vitest'
import { checkSigilConfig, SigilConfigError } from '@sigil/lib/config/sigilConfig'
import custom, { ACME_ICON } from '@/tests/fixtures/sigilConfig/custom'
import { sigilCatalogue, withSigilChoices } from './sigilConfig'

/** The app's catalogue: the real wallet book and its rules, as the build and the boot check the file. */
const problems = (input: unknown) => {
  try {
    checkSigilConfig(input, sigilCatalogue)
    return []
  } catch (error) {
    if (error instanceof SigilConfigError) return error.problems
    throw error
  }
}

describe("the app's check of sigil.config.ts", () => {
  it('accepts the e2e deployment’s file, custom wallet included, and hands the wallet to the page', () => {
    const checked = checkSigilConfig(custom, sigilCatalogue)
    expect(Object.keys(checked.wallets.custom ?? {})).toEqual(['acme'])
    const publicConfig = withSigilChoices({ chainIds: [1], rpcUrls: {}, appOrigins: ['https://acme.example'], walletConnectProjectId: '' }, checked)
    expect(publicConfig.walletList?.custom?.acme?.brand).toEqual({ primaryColor: '#0b7a55', icon: ACME_ICON })
    expect(publicConfig.walletList?.featured).toEqual(['acme', 'zerion', 'rabby'])
  })

  it("holds a custom wallet to the book's rules, naming the field", () => {
    const acme = custom.wallets.custom[0]
    expect(
      problems({
        wallets: {
          custom: [
            { ...acme, eip6963Config: { rdns: ['not a reverse dns'] }, desktop: { extensionUrl: 'http://acme.example/wallet', chromeId: 'x' } },
            { ...acme, shortName: 'Rainbow' },
          ],
        },
      }),
    ).toEqual([
      'wallets.custom[0].eip6963Config.rdns: must hold reverse-DNS ids like io.metamask (got "not a reverse dns")',
      'wallets.custom[0].desktop.extensionUrl: must be an https URL (got "http://acme.example/wallet")',
      'wallets.custom[0].desktop.chromeId: must be a Chrome Web Store id (32 letters a–p) (got "x")',
      'wallets.custom[1].shortName: "Rainbow" makes the key "rainbow", a wallet the book already has; name it by that key in the lists instead, or choose another shortName',
    ])
  })
})
