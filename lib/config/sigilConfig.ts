import { BaseError } from '@/lib/errors/BaseError'

/**
 * A deployment's own choices, written once in `sigil.config.ts` at the project's root
 * (docs/configuration.md): the chains, the wallet families offered, the wallet list, the theme, the
 * copy and the sign-in statement. Environment variables stay for secrets and origins. A deployment
 * with no file gets today's behaviour: every field is optional, and an absent field changes nothing.
 *
 * The file is checked twice with the same rules (`checkSigilConfig`): when the app is built
 * (next.config.mjs, app/_build/sigilConfigCheck.mjs) and when `next start` boots
 * (instrumentation.ts). A mistake stops both, naming the field: `wallets.featured[1]: "metamsk" is
 * not a wallet Sigil knows (did you mean "metamask"?)`.
 */

/** The theme's CSS variables (react/styles.css, the kit's stylesheet): the colours, then the corner radius. */
const THEME_COLOURS = [
  'bg',
  'surface',
  'border',
  'text',
  'muted',
  'accent',
  'accent-hover',
  'on-accent',
  'danger',
  'danger-bg',
  'warn-bg',
  'warn-border',
  'ok',
  'focus',
] as const
type ThemeColour = (typeof THEME_COLOURS)[number]

type ThemeMode = 'light' | 'dark' | 'system'

export type SigilConfigInput = {
  /** Chain ids, in menu order; a subset of the chains Sigil knows (lib/chains.ts). Default: all of them. */
  chains?: readonly number[]
  /** Wallet family ids offered (connectors/families.ts), e.g. `['injected', 'walletConnect']`. Default: all. */
  families?: readonly string[]
  /**
   * The wallet list, by wallet-book key (wallet-book/entries). The families' own rows (the QR code,
   * the smart wallet, the email wallet) come and go with `families`; a wallet the browser announces
   * that the book does not know is the visitor's own and always listed.
   */
  wallets?: {
    /** Only these wallets of the book are listed. */
    include?: readonly string[]
    /** These wallets are never listed. */
    exclude?: readonly string[]
    /** Listed first, in this order (after the installed ones, which always come first). */
    order?: readonly string[]
    /** First of their group (installed, then more wallets), before any other, in this order. At most 4. */
    featured?: readonly string[]
    /**
     * Wallets of the operator's own, each a wallet-book entry (wallet-book/types.ts `WalletBookEntry`),
     * checked by the book's own rules. Its key is its `shortName`'s (`"Acme Wallet"` → `acmewallet`),
     * which the lists above may then name. At most 8.
     */
    custom?: readonly CustomWalletInput[]
  }
  theme?: {
    /** `system` (default) follows the device; `light` or `dark` fixes it. */
    mode?: ThemeMode
    /** Colours of the light scheme, any of THEME_COLOURS: `#rrggbb`, `#rgb`, `rgb(…)`, `hsl(…)`, `oklch(…)`. */
    light?: Partial<Record<ThemeColour, string>>
    /** Colours of the dark scheme. */
    dark?: Partial<Record<ThemeColour, string>>
    /** Corner radius of cards and buttons, `px` or `rem` (default `12px`). */
    radius?: string
  }
  /** The page's sentences, per locale, by their key in lib/i18n/ui.ts: `{ en: { 'connect.title': 'Pick a wallet' } }`. */
  copy?: Readonly<Record<string, Readonly<Record<string, string>>>>
  signIn?: {
    /** The statement the wallet shows in the sign-in message (EIP-4361): one line, at most 200 characters. */
    statement?: string
  }
}

/**
 * A custom wallet as the file gives it: a wallet-book entry. Typed loosely here (the book's types sit
 * above this floor); `SigilConfigCatalogue.checkWallet` holds it to the book's schema.
 */
type CustomWalletInput = { readonly name: string; readonly shortName: string; readonly [field: string]: unknown }

/** The whole file's shape, for `sigil.config.ts`: `export default defineSigilConfig({ … })`. */
export function defineSigilConfig<const Config extends SigilConfigInput>(config: Config): Config {
  return config
}

/** What the rules check against: this build's chains, families, wallets, locales and sentences. */
export type SigilConfigCatalogue = {
  chainIds: readonly number[]
  familyIds: readonly string[]
  walletKeys: readonly string[]
  /** A custom wallet's key from its `shortName` (wallet-book/walletKey.ts). */
  walletKeyOf: (shortName: string) => string
  /**
   * The wallet book's own checks for an entry (wallet-book/validateWalletBookEntry.ts): one sentence
   * per problem, `<key>: <field> <rule>`, none when valid.
   */
  checkWallet: (key: string, entry: unknown) => readonly string[]
  locales: readonly string[]
  /** The English sentences by key (their `{placeholders}` must survive an override). */
  ui: Readonly<Record<string, string>>
}

/** The checked configuration: what the app applies. Absent fields stay absent (today's behaviour). */
export type SigilConfig = {
  chains?: readonly number[]
  families?: readonly string[]
  wallets: {
    include?: readonly string[]
    exclude: readonly string[]
    order: readonly string[]
    featured: readonly string[]
    /** The operator's wallets by key, in the file's order; absent when it has none. */
    custom?: Readonly<Record<string, CustomWalletInput>>
  }
  theme: { mode: ThemeMode; light: Partial<Record<ThemeColour, string>>; dark: Partial<Record<ThemeColour, string>>; radius?: string }
  copy: Readonly<Record<string, Readonly<Record<string, string>>>>
  signIn: { statement?: string }
}

const MAX_FEATURED_WALLETS = 4
const MAX_CUSTOM_WALLETS = 8
/** A custom wallet's icon travels in every page's configuration: a few kB, not a photograph. */
const MAX_CUSTOM_ICON_LENGTH = 8_192
const MAX_STATEMENT_LENGTH = 200
const MAX_COPY_LENGTH = 500
/** EIP-4361's statement: RFC 3986's reserved and unreserved characters, and spaces; nothing else, no accents. */
const STATEMENT_CHARACTERS = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;= ]+$/

export class SigilConfigError extends BaseError {
  override name = 'SigilConfigError'
  readonly problems: readonly string[]
  constructor(problems: readonly string[], source = 'sigil.config.ts') {
    super(`${source} is not valid:\n- ${problems.join('\n- ')}`)
    this.problems = problems
  }
}

/**
 * A CSS colour the theme accepts: hex, or a colour function of numbers, percentages, angles and
 * separators only. Nothing else reaches the page's stylesheet, so a value can never close the rule
 * or the `<style>` it is written into.
 */
export function isThemeColour(value: unknown): value is string {
  if (typeof value !== 'string') return false
  if (/^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(value)) return true
  // Numbers, percentages, angle units and `none`, with their separators.
  return /^(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\((?:[-+0-9.%\s,/]|deg|grad|rad|turn|none)+\)$/i.test(value)
}

const isRadius = (value: unknown): value is string => typeof value === 'string' && /^(?:\d{1,3}(?:\.\d{1,3})?)(?:px|rem)$/.test(value)

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!).sort().join(',')

/** The nearest known name, for "did you mean": at most two edits away, one per three letters. */
function nearest(value: string, known: readonly string[]): string | undefined {
  const most = Math.min(2, Math.floor(value.length / 3))
  let best: { name: string; distance: number } | undefined
  for (const name of known) {
    const distance = editDistance(value.toLowerCase(), name.toLowerCase())
    if (distance <= most && (!best || distance < best.distance)) best = { name, distance }
  }
  return best?.name
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
    previous = current
  }
  return previous[b.length]!
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Checks `input` (the file's default export) against this build's `catalogue`. Returns the
 * configuration the app applies, or throws SigilConfigError listing every problem, each starting with
 * the field's path.
 */
export function checkSigilConfig(input: unknown, catalogue: SigilConfigCatalogue, source?: string): SigilConfig {
  const problems: string[] = []
  const config: SigilConfig = { wallets: { exclude: [], order: [], featured: [] }, theme: { mode: 'system', light: {}, dark: {} }, copy: {}, signIn: {} }
  if (input === undefined || input === null) return config
  if (!isRecord(input)) throw new SigilConfigError(['the default export must be an object: export default defineSigilConfig({ … })'], source)

  const unknownFields = (value: Record<string, unknown>, path: string, fields: readonly string[]) => {
    for (const key of Object.keys(value)) {
      if (!fields.includes(key)) {
        const guess = nearest(key, fields)
        problems.push(`${path}${key}: not a field Sigil reads${guess ? ` (did you mean "${guess}"?)` : ''}; the fields are ${fields.join(', ')}`)
      }
    }
  }
  unknownFields(input, '', ['chains', 'families', 'wallets', 'theme', 'copy', 'signIn'])

  /** A list of known names, each once. */
  const names = (value: unknown, path: string, known: readonly string[], what: string): string[] | undefined => {
    if (value === undefined) return undefined
    if (!Array.isArray(value)) {
      problems.push(`${path}: must be a list of ${what}s`)
      return undefined
    }
    const seen = new Set<string>()
    const kept: string[] = []
    value.forEach((item: unknown, index) => {
      const at = `${path}[${index}]`
      if (typeof item !== 'string') return problems.push(`${at}: must be a string`)
      if (seen.has(item)) return problems.push(`${at}: "${item}" is listed twice`)
      seen.add(item)
      if (!known.includes(item)) {
        const guess = nearest(item, known)
        return problems.push(`${at}: "${item}" is not a ${what} Sigil knows${guess ? ` (did you mean "${guess}"?)` : ''}`)
      }
      kept.push(item)
    })
    return kept
  }

  if (input.chains !== undefined) {
    if (!Array.isArray(input.chains) || input.chains.length === 0) {
      problems.push('chains: must be a non-empty list of chain ids')
    } else {
      const seen = new Set<unknown>()
      const kept: number[] = []
      input.chains.forEach((id: unknown, index) => {
        const at = `chains[${index}]`
        if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) return problems.push(`${at}: must be a chain id (a positive integer), not ${JSON.stringify(id)}`)
        if (seen.has(id)) return problems.push(`${at}: chain ${id} is listed twice`)
        seen.add(id)
        if (!catalogue.chainIds.includes(id)) return problems.push(`${at}: no wallet family here can serve chain ${id}; the chains Sigil knows are ${catalogue.chainIds.join(', ')}`)
        kept.push(id)
      })
      config.chains = kept
    }
  }

  const families = names(input.families, 'families', catalogue.familyIds, 'wallet family')
  if (families !== undefined) {
    // A wallet installed in the visitor's browser is always offered: the page lists what the browser
    // announces, and a phone's "open in the wallet's browser" leads to it.
    if (catalogue.familyIds.includes('injected') && !families.includes('injected') && Array.isArray(input.families) && !input.families.includes('injected')) {
      problems.push('families: must include "injected": a wallet installed in the visitor\'s browser is always offered')
    }
    config.families = families
  }

  if (input.wallets !== undefined) {
    if (!isRecord(input.wallets)) problems.push('wallets: must be an object with include, exclude, order, featured or custom')
    else {
      unknownFields(input.wallets, 'wallets.', ['include', 'exclude', 'order', 'featured', 'custom'])
      const custom = customWallets(input.wallets.custom, catalogue, problems)
      const walletKeys = custom ? [...catalogue.walletKeys, ...Object.keys(custom)] : catalogue.walletKeys
      const include = names(input.wallets.include, 'wallets.include', walletKeys, 'wallet')
      const exclude = names(input.wallets.exclude, 'wallets.exclude', walletKeys, 'wallet') ?? []
      const order = names(input.wallets.order, 'wallets.order', walletKeys, 'wallet') ?? []
      const featured = names(input.wallets.featured, 'wallets.featured', walletKeys, 'wallet') ?? []
      if (include !== undefined && input.wallets.exclude !== undefined) problems.push('wallets: give include or exclude, not both')
      if (featured.length > MAX_FEATURED_WALLETS) problems.push(`wallets.featured: at most ${MAX_FEATURED_WALLETS} wallets, not ${featured.length}`)
      for (const [field, list] of [['order', order], ['featured', featured]] as const) {
        list.forEach((key) => {
          if (exclude.includes(key)) problems.push(`wallets.${field}[${list.indexOf(key)}]: "${key}" is also in wallets.exclude`)
          else if (include && !include.includes(key)) problems.push(`wallets.${field}[${list.indexOf(key)}]: "${key}" is not in wallets.include`)
        })
      }
      config.wallets = { ...(include ? { include } : {}), exclude, order, featured, ...(custom ? { custom } : {}) }
    }
  }

  if (input.theme !== undefined) {
    if (!isRecord(input.theme)) problems.push('theme: must be an object with mode, light, dark or radius')
    else {
      unknownFields(input.theme, 'theme.', ['mode', 'light', 'dark', 'radius'])
      const { mode, radius } = input.theme
      if (mode !== undefined) {
        if (mode === 'light' || mode === 'dark' || mode === 'system') config.theme.mode = mode
        else problems.push(`theme.mode: must be "light", "dark" or "system", not ${JSON.stringify(mode)}`)
      }
      if (radius !== undefined) {
        if (isRadius(radius)) config.theme.radius = radius
        else problems.push(`theme.radius: must be a length in px or rem (e.g. "12px"), not ${JSON.stringify(radius)}`)
      }
      for (const scheme of ['light', 'dark'] as const) {
        const colours = input.theme[scheme]
        if (colours === undefined) continue
        if (!isRecord(colours)) {
          problems.push(`theme.${scheme}: must be an object of colours by name (${THEME_COLOURS.join(', ')})`)
          continue
        }
        for (const [name, value] of Object.entries(colours)) {
          if (!(THEME_COLOURS as readonly string[]).includes(name)) {
            const guess = nearest(name, THEME_COLOURS)
            problems.push(`theme.${scheme}.${name}: not a colour of the theme${guess ? ` (did you mean "${guess}"?)` : ''}; the colours are ${THEME_COLOURS.join(', ')}`)
          } else if (!isThemeColour(value)) {
            problems.push(`theme.${scheme}.${name}: ${JSON.stringify(value)} is not a colour (use #rrggbb, rgb(…), hsl(…) or oklch(…))`)
          } else config.theme[scheme][name as ThemeColour] = value
        }
      }
    }
  }

  if (input.copy !== undefined) {
    if (!isRecord(input.copy)) problems.push('copy: must be an object of sentences by locale')
    else {
      const copy: Record<string, Record<string, string>> = {}
      for (const [locale, sentences] of Object.entries(input.copy)) {
        if (!catalogue.locales.includes(locale)) {
          const guess = nearest(locale, catalogue.locales)
          problems.push(`copy.${locale}: not a locale of the page${guess ? ` (did you mean "${guess}"?)` : ''}; the locales are ${catalogue.locales.join(', ')}`)
          continue
        }
        if (!isRecord(sentences)) {
          problems.push(`copy.${locale}: must be an object of sentences by key`)
          continue
        }
        copy[locale] = {}
        for (const [key, text] of Object.entries(sentences)) {
          const at = `copy.${locale}["${key}"]`
          const english = Object.hasOwn(catalogue.ui, key) ? catalogue.ui[key] : undefined
          if (english === undefined) {
            const guess = nearest(key, Object.keys(catalogue.ui))
            problems.push(`${at}: no sentence has this key${guess ? ` (did you mean "${guess}"?)` : ''}`)
          } else if (typeof text !== 'string' || text.trim() === '' || text.length > MAX_COPY_LENGTH) {
            problems.push(`${at}: must be a sentence of 1 to ${MAX_COPY_LENGTH} characters`)
          } else if (placeholders(text) !== placeholders(english)) {
            problems.push(`${at}: must keep the placeholders of "${english}" (${placeholders(english) || 'none'}), not ${placeholders(text) || 'none'}`)
          } else copy[locale][key] = text
        }
      }
      config.copy = copy
    }
  }

  if (input.signIn !== undefined) {
    if (!isRecord(input.signIn)) problems.push('signIn: must be an object with statement')
    else {
      unknownFields(input.signIn, 'signIn.', ['statement'])
      const { statement } = input.signIn
      if (statement !== undefined) {
        // EIP-4361: the statement is one line of text; Sigil's checks compare it byte for byte.
        if (typeof statement !== 'string' || statement.trim() === '' || statement.length > MAX_STATEMENT_LENGTH || /[\r\n\u2028\u2029]/.test(statement) || statement !== statement.trim()) {
          problems.push(`signIn.statement: must be one line of 1 to ${MAX_STATEMENT_LENGTH} characters, without leading or trailing spaces`)
        } else if (!STATEMENT_CHARACTERS.test(statement)) {
          problems.push('signIn.statement: may hold only letters A–Z and a–z, digits, spaces and - . _ ~ : / ? # [ ] @ ! $ & \' ( ) * + , ; = (EIP-4361), so every wallet can show it')
        } else config.signIn.statement = statement
      }
    }
  }

  if (problems.length > 0) throw new SigilConfigError(problems, source)
  return config
}

/**
 * `wallets.custom`: each entry held to the wallet book's rules (`catalogue.checkWallet`), plus what a
 * wallet of the operator's own needs here: a key the book does not already have and no other custom
 * wallet takes, its own icon (a data URI of at most 8 kB: the served logos are the book's), and a
 * way to reach it (an extension to detect, or WalletConnect), since no row may be a dead end.
 * Problems are pushed, naming the field (`wallets.custom[0].brand.icon: …`).
 */
function customWallets(value: unknown, catalogue: SigilConfigCatalogue, problems: string[]): Record<string, CustomWalletInput> | undefined {
  if (value === undefined) return undefined
  if (!Array.isArray(value)) {
    problems.push('wallets.custom: must be a list of wallet-book entries')
    return undefined
  }
  if (value.length > MAX_CUSTOM_WALLETS) problems.push(`wallets.custom: at most ${MAX_CUSTOM_WALLETS} wallets, not ${value.length}`)
  const kept: Record<string, CustomWalletInput> = {}
  value.forEach((entry: unknown, index) => {
    const at = `wallets.custom[${index}]`
    if (!isRecord(entry)) return problems.push(`${at}: must be a wallet-book entry (an object with name, shortName, brand.icon, …)`)
    if (typeof entry.shortName !== 'string' || entry.shortName.trim() === '') return problems.push(`${at}.shortName: must be a non-empty string (the wallet's key comes from it)`)
    const key = catalogue.walletKeyOf(entry.shortName)
    if (key === '') return problems.push(`${at}.shortName: must hold letters or digits, not ${JSON.stringify(entry.shortName)}`)
    if (catalogue.walletKeys.includes(key)) return problems.push(`${at}.shortName: "${entry.shortName}" makes the key "${key}", a wallet the book already has; name it by that key in the lists instead, or choose another shortName`)
    if (Object.hasOwn(kept, key)) return problems.push(`${at}.shortName: "${entry.shortName}" makes the key "${key}", which an earlier custom wallet already has`)
    const before = problems.length
    for (const problem of catalogue.checkWallet(key, entry)) {
      // `<key>: <field> <rule>` → `wallets.custom[i].<field>: <rule>`
      const sentence = problem.startsWith(`${key}: `) ? problem.slice(key.length + 2) : problem
      const space = sentence.indexOf(' ')
      problems.push(space > 0 ? `${at}.${sentence.slice(0, space)}: ${sentence.slice(space + 1)}` : `${at}: ${sentence}`)
    }
    const brand = isRecord(entry.brand) ? entry.brand : undefined
    if (typeof brand?.icon !== 'string') problems.push(`${at}.brand.icon: a custom wallet needs its own icon, a data:image/ URI`)
    else if (brand.icon.length > MAX_CUSTOM_ICON_LENGTH) problems.push(`${at}.brand.icon: at most ${MAX_CUSTOM_ICON_LENGTH} characters (it travels with every page), not ${brand.icon.length}`)
    if (brand?.logo !== undefined) problems.push(`${at}.brand.logo: names one of the book's served logos; a custom wallet shows brand.icon`)
    if (entry.eip6963Config === undefined && entry.injectedConfig === undefined && entry.walletConnect === undefined) {
      problems.push(`${at}: cannot be reached: give eip6963Config.rdns (a browser extension), walletConnect with mobile links (a phone app), or both`)
    }
    if (problems.length === before) kept[key] = entry as CustomWalletInput
  })
  return kept
}
