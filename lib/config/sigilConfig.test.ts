import { describe, expect, it } from 'vitest'
import { checkSigilConfig, defineSigilConfig, isThemeColour, SigilConfigError, type SigilConfigCatalogue } from './sigilConfig'

const catalogue: SigilConfigCatalogue = {
  chainIds: [1, 8453, 84532, 31337],
  familyIds: ['injected', 'walletconnect', 'coinbasesmartwallet', 'embedded'],
  walletKeys: ['metamask', 'rainbow', 'zerion', 'trust', 'phantom', 'rabby'],
  // The book's rules are the wallet book's (tested with them in app/_config/sigilConfig.test.ts):
  // here, one rule, to see its sentence come back under the field's path.
  walletKeyOf: (shortName) => shortName.toLowerCase().replace(/\W/g, ''),
  checkWallet: (key, entry) => (typeof (entry as { name?: unknown }).name === 'string' ? [] : [`${key}: name must be a non-empty string (got 7)`]),
  locales: ['en', 'fr'],
  ui: { 'connect.title': 'Connect a wallet', 'account.chain': 'On {chain}' },
}

/** The problems a configuration gets, or [] when it is accepted. */
function problems(input: unknown): readonly string[] {
  try {
    checkSigilConfig(input, catalogue)
    return []
  } catch (error) {
    if (error instanceof SigilConfigError) return error.problems
    throw error
  }
}

describe('sigil.config.ts', () => {
  it('has no file or an empty one: every default holds', () => {
    for (const input of [undefined, {}]) {
      expect(checkSigilConfig(input, catalogue)).toEqual({ wallets: { exclude: [], order: [], featured: [] }, theme: { mode: 'system', light: {}, dark: {} }, copy: {}, signIn: {} })
    }
  })

  it('reads every field of a valid file as written', () => {
    const file = defineSigilConfig({
      chains: [8453, 1],
      families: ['injected', 'walletconnect'],
      wallets: { exclude: ['phantom'], order: ['rabby', 'zerion'], featured: ['rainbow'] },
      theme: { mode: 'dark', light: { accent: '#0a7' }, dark: { accent: 'oklch(70% 0.15 250deg)', bg: 'rgb(10 12 16 / 90%)' }, radius: '8px' },
      copy: { fr: { 'connect.title': 'Choisir un portefeuille' }, en: { 'account.chain': 'Connected to {chain}' } },
      signIn: { statement: 'Sign in to Acme with your wallet.' },
    })
    expect(checkSigilConfig(file, catalogue)).toEqual(file)
  })

  it('names an unknown wallet, with the nearest known one', () => {
    expect(problems({ wallets: { featured: ['rainbow', 'metamsk'] } })).toEqual(['wallets.featured[1]: "metamsk" is not a wallet Sigil knows (did you mean "metamask"?)'])
    expect(problems({ wallets: { include: ['nothing-like-it'] } })).toEqual(['wallets.include[0]: "nothing-like-it" is not a wallet Sigil knows'])
  })

  it('names a wallet listed twice, and choices that contradict each other', () => {
    expect(problems({ wallets: { order: ['rainbow', 'zerion', 'rainbow'] } })).toEqual(['wallets.order[2]: "rainbow" is listed twice'])
    expect(problems({ wallets: { include: ['rainbow'], exclude: ['zerion'] } })).toEqual(['wallets: give include or exclude, not both'])
    expect(problems({ wallets: { exclude: ['zerion'], featured: ['zerion'] } })).toEqual(['wallets.featured[0]: "zerion" is also in wallets.exclude'])
    expect(problems({ wallets: { include: ['rainbow'], order: ['zerion'] } })).toEqual(['wallets.order[0]: "zerion" is not in wallets.include'])
    expect(problems({ wallets: { featured: ['metamask', 'rainbow', 'zerion', 'trust', 'rabby'] } })).toEqual(['wallets.featured: at most 4 wallets, not 5'])
  })

  it('names a chain the families cannot serve, a duplicate, and a value that is no chain id', () => {
    expect(problems({ chains: [8453, 999] })).toEqual(['chains[1]: no wallet family here can serve chain 999; the chains Sigil knows are 1, 8453, 84532, 31337'])
    expect(problems({ chains: [1, 1] })).toEqual(['chains[1]: chain 1 is listed twice'])
    expect(problems({ chains: ['0x1'] })).toEqual(['chains[0]: must be a chain id (a positive integer), not "0x1"'])
    expect(problems({ chains: [] })).toEqual(['chains: must be a non-empty list of chain ids'])
  })

  it('names an unknown family and an empty list of them', () => {
    expect(problems({ families: ['injected', 'walletConect'] })).toEqual(['families[1]: "walletConect" is not a wallet family Sigil knows (did you mean "walletconnect"?)'])
    expect(problems({ families: ['walletconnect'] })).toEqual(['families: must include "injected": a wallet installed in the visitor\'s browser is always offered'])
    expect(problems({ families: [] })).toEqual(['families: must include "injected": a wallet installed in the visitor\'s browser is always offered'])
  })

  it('names a colour that is not a colour, so nothing but a colour reaches the stylesheet', () => {
    expect(problems({ theme: { light: { accent: 'blue' } } })).toEqual(['theme.light.accent: "blue" is not a colour (use #rrggbb, rgb(…), hsl(…) or oklch(…))'])
    expect(problems({ theme: { dark: { bg: '#000;} body{display:none' } } })).toHaveLength(1)
    expect(problems({ theme: { dark: { bg: 'rgb(0 0 0) </style><script>' } } })).toHaveLength(1)
    expect(problems({ theme: { light: { acent: '#fff' } } })).toEqual([
      'theme.light.acent: not a colour of the theme (did you mean "accent"?); the colours are bg, surface, border, text, muted, accent, accent-hover, on-accent, danger, danger-bg, warn-bg, warn-border, ok, focus',
    ])
    expect(problems({ theme: { mode: 'dim', radius: '1em' } })).toEqual(['theme.mode: must be "light", "dark" or "system", not "dim"', 'theme.radius: must be a length in px or rem (e.g. "12px"), not "1em"'])
  })

  it('accepts the colour notations people write', () => {
    for (const colour of ['#fff', '#ffff', '#a1b2c3', '#a1b2c3d4', 'rgb(1, 2, 3)', 'rgba(1,2,3,0.5)', 'hsl(210deg 40% 50%)', 'oklch(62.8% 0.25 29.23 / 0.5)', 'lab(50% 40 59.5)', 'hwb(12 50% 0%)']) {
      expect(isThemeColour(colour), colour).toBe(true)
    }
    for (const colour of ['red', '#ggg', 'rgb(var(--x))', 'url(x)', 'rgb(1,2,3);', 'expression(alert(1))', '']) expect(isThemeColour(colour), colour).toBe(false)
  })

  it('names a sentence key or locale that does not exist, and an override that drops a placeholder', () => {
    expect(problems({ copy: { de: { 'connect.title': 'x' } } })).toEqual(['copy.de: not a locale of the page; the locales are en, fr'])
    expect(problems({ copy: { fr: { 'connect.titel': 'x' } } })).toEqual(['copy.fr["connect.titel"]: no sentence has this key (did you mean "connect.title"?)'])
    expect(problems({ copy: { en: { 'account.chain': 'Connected' } } })).toEqual(['copy.en["account.chain"]: must keep the placeholders of "On {chain}" (chain), not none'])
    expect(problems({ copy: { en: { 'connect.title': '' } } })).toEqual(['copy.en["connect.title"]: must be a sentence of 1 to 500 characters'])
    // A key an object has of its own in JavaScript is no sentence either.
    expect(problems({ copy: { en: { constructor: 'x', toString: 'y' } } })).toEqual(['copy.en["constructor"]: no sentence has this key', 'copy.en["toString"]: no sentence has this key'])
  })

  it('names a statement that cannot be one line of a sign-in message', () => {
    for (const statement of ['two\nlines', ' padded', '', 'x'.repeat(201), 42]) {
      expect(problems({ signIn: { statement } })).toEqual(['signIn.statement: must be one line of 1 to 200 characters, without leading or trailing spaces'])
    }
    // EIP-4361's characters only: no accents, quotes or angle brackets a wallet may refuse to show.
    for (const statement of ['Connectez-vous à Acme.', 'Sign in to "Acme".', 'Sign <in>']) {
      expect(problems({ signIn: { statement } })).toEqual([
        "signIn.statement: may hold only letters A–Z and a–z, digits, spaces and - . _ ~ : / ? # [ ] @ ! $ & ' ( ) * + , ; = (EIP-4361), so every wallet can show it",
      ])
    }
  })

  it('names a field it does not read, and reports every problem at once', () => {
    expect(problems({ chain: [1], wallets: { featurd: [] } })).toEqual([
      'chain: not a field Sigil reads (did you mean "chains"?); the fields are chains, families, wallets, theme, copy, signIn',
      'wallets.featurd: not a field Sigil reads (did you mean "featured"?); the fields are include, exclude, order, featured, custom',
    ])
    expect(problems([1, 2])).toEqual(['the default export must be an object: export default defineSigilConfig({ … })'])
  })

  describe('custom wallets', () => {
    const icon = 'data:image/svg+xml,%3Csvg%2F%3E'
    const acme = { name: 'Acme Wallet', shortName: 'Acme', brand: { icon }, eip6963Config: { rdns: ['com.acme.wallet'] } }

    it('keys each by its shortName, and the lists may name it like a book wallet', () => {
      const config = checkSigilConfig({ wallets: { custom: [acme, { ...acme, name: 'Beta', shortName: 'Beta Wallet' }], featured: ['acme'], order: ['betawallet', 'rainbow'] } }, catalogue)
      expect(config.wallets.custom).toEqual({ acme, betawallet: { ...acme, name: 'Beta', shortName: 'Beta Wallet' } })
      expect(config.wallets.featured).toEqual(['acme'])
      expect(problems({ wallets: { custom: [acme], exclude: ['acme'], include: undefined } })).toEqual([])
      // Without its entry, the key is unknown like any other.
      expect(problems({ wallets: { featured: ['acme'] } })).toEqual(['wallets.featured[0]: "acme" is not a wallet Sigil knows'])
    })

    it('names a key the book already has, a key given twice, and an entry that is no object', () => {
      expect(problems({ wallets: { custom: [{ ...acme, shortName: 'MetaMask' }, acme, { ...acme, shortName: 'ACME' }, 'acme', null] } })).toEqual([
        'wallets.custom[0].shortName: "MetaMask" makes the key "metamask", a wallet the book already has; name it by that key in the lists instead, or choose another shortName',
        'wallets.custom[2].shortName: "ACME" makes the key "acme", which an earlier custom wallet already has',
        'wallets.custom[3]: must be a wallet-book entry (an object with name, shortName, brand.icon, …)',
        'wallets.custom[4]: must be a wallet-book entry (an object with name, shortName, brand.icon, …)',
      ])
      expect(problems({ wallets: { custom: [{ ...acme, shortName: '  ' }, { ...acme, shortName: '!!' }] } })).toEqual([
        "wallets.custom[0].shortName: must be a non-empty string (the wallet's key comes from it)",
        'wallets.custom[1].shortName: must hold letters or digits, not "!!"',
      ])
      expect(problems({ wallets: { custom: acme } })).toEqual(['wallets.custom: must be a list of wallet-book entries'])
    })

    it("holds each entry to the book's rules, under the field's own path", () => {
      expect(problems({ wallets: { custom: [{ ...acme, name: 7 }] } })).toEqual(['wallets.custom[0].name: must be a non-empty string (got 7)'])
    })

    it('needs its own small icon and a way to reach it, and at most 8 of them', () => {
      expect(problems({ wallets: { custom: [{ ...acme, brand: {} }] } })).toEqual(['wallets.custom[0].brand.icon: a custom wallet needs its own icon, a data:image/ URI'])
      expect(problems({ wallets: { custom: [{ ...acme, brand: { icon: `data:image/png;base64,${'A'.repeat(9000)}` } }] } })).toEqual([
        'wallets.custom[0].brand.icon: at most 8192 characters (it travels with every page), not 9022',
      ])
      expect(problems({ wallets: { custom: [{ ...acme, brand: { icon, logo: 'metamask' } }] } })).toEqual(["wallets.custom[0].brand.logo: names one of the book's served logos; a custom wallet shows brand.icon"])
      expect(problems({ wallets: { custom: [{ name: 'Acme', shortName: 'Acme', brand: { icon } }] } })).toEqual([
        'wallets.custom[0]: cannot be reached: give eip6963Config.rdns (a browser extension), walletConnect with mobile links (a phone app), or both',
      ])
      const nine = Array.from({ length: 9 }, (_, index) => ({ ...acme, shortName: `Acme ${index}` }))
      expect(problems({ wallets: { custom: nine } })).toEqual(['wallets.custom: at most 8 wallets, not 9'])
    })
  })
})
