import { walletKey } from './walletKey'

/**
 * Checks one wallet-book entry against the schema (docs/style.md#wallet-book-data,
 * docs/wallet-book.md#fields) and returns what is wrong, one sentence per problem naming the field, the
 * rule and the value; an empty list means valid. Takes `unknown` so that data from outside the type
 * system (a config file, a remote list) gets the same checks as our own entries. `operatorOwn`: a
 * deployment's own wallet, which need not cite `sources`.
 */
export function validateWalletBookEntry(key: string, entry: unknown, options: { operatorOwn?: boolean } = {}): string[] {
  const problems: string[] = []
  const fail = (field: string, rule: string, value?: unknown) =>
    problems.push(`${key}: ${field} ${rule}${value === undefined ? '' : ` (got ${show(value)})`}`)

  if (!isRecord(entry)) {
    fail('entry', 'must be an object', entry)
    return problems
  }
  if (!/^\w+$/.test(key)) fail('key', 'must be a connector key: letters, digits and underscores', key)

  if (!isNonEmptyString(entry.name)) fail('name', 'must be a non-empty string', entry.name)
  if (!isNonEmptyString(entry.shortName)) fail('shortName', 'must be a non-empty string', entry.shortName)
  else if (walletKey(entry.shortName) !== key) {
    fail('shortName', `must normalise to the key "${key}"`, `${entry.shortName} → ${walletKey(entry.shortName)}`)
  }

  optionalRecord(entry, 'brand', fail, (brand) => {
    if (brand.primaryColor !== undefined && !(typeof brand.primaryColor === 'string' && /^#[0-9a-f]{6}$/i.test(brand.primaryColor))) {
      fail('brand.primaryColor', 'must be a #rrggbb colour', brand.primaryColor)
    }
    // A remote icon would be a request to a third-party host on every page load.
    if (brand.icon !== undefined && !(typeof brand.icon === 'string' && brand.icon.startsWith('data:image/'))) {
      fail('brand.icon', 'must be a data:image/ URI', brand.icon)
    }
    if (brand.logo !== undefined && !(typeof brand.logo === 'string' && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(brand.logo))) {
      fail('brand.logo', 'must be an icon id like token-pocket', brand.logo)
    }
  })

  optionalRecord(entry, 'eip6963Config', fail, (config) => {
    if (!Array.isArray(config.rdns) || config.rdns.length === 0) fail('eip6963Config.rdns', 'must be a non-empty list', config.rdns)
    else for (const rdns of config.rdns) if (!isRdns(rdns)) fail('eip6963Config.rdns', 'must hold reverse-DNS ids like io.metamask', rdns)
  })

  if (entry.injectedConfig !== undefined) {
    if (!Array.isArray(entry.injectedConfig)) fail('injectedConfig', 'must be a list', entry.injectedConfig)
    else entry.injectedConfig.forEach((config, index) => checkInjectedConfig(config, `injectedConfig[${index}]`, fail))
  }

  optionalRecord(entry, 'walletConnect', fail, (walletConnect) => {
    if (!Array.isArray(walletConnect.sdks) || !walletConnect.sdks.every(isNonEmptyString)) {
      fail('walletConnect.sdks', 'must be a list of SDK names', walletConnect.sdks)
    }
    if (walletConnect.switchNetworkOnlyFromWallet !== undefined && typeof walletConnect.switchNetworkOnlyFromWallet !== 'boolean') {
      fail('walletConnect.switchNetworkOnlyFromWallet', 'must be a boolean', walletConnect.switchNetworkOnlyFromWallet)
    }
  })

  optionalRecord(entry, 'mobile', fail, (mobile) => {
    checkNativeLink(mobile.native, 'mobile.native', fail)
    checkHttpsLink(mobile.universal, 'mobile.universal', fail)
    checkHttpsLink(mobile.inAppBrowser, 'mobile.inAppBrowser', fail)
    optionalRecord(mobile, 'browseLink', (field, rule, value) => fail(`mobile.${field}`, rule, value), (browse) => {
      if (browse.universal === undefined && browse.native === undefined) fail('mobile.browseLink', 'needs a universal or a native template')
      if (browse.universal !== undefined) {
        checkHttpsLink(browse.universal, 'mobile.browseLink.universal', fail, true)
        checkTemplate(browse.universal, 'mobile.browseLink.universal', fail)
      }
      if (browse.native !== undefined) {
        if (!(typeof browse.native === 'string' && /^[a-z][a-z0-9+.-]*:\/\/\S+$/i.test(browse.native))) {
          fail('mobile.browseLink.native', 'must be a scheme://… template', browse.native)
        }
        checkTemplate(browse.native, 'mobile.browseLink.native', fail)
      }
      if (browse.nativeOnlyIn !== undefined && (!Array.isArray(browse.nativeOnlyIn) || browse.native === undefined)) {
        fail('mobile.browseLink.nativeOnlyIn', 'must be a list of browsers, with a native template', browse.nativeOnlyIn)
      }
    })
    if (mobile.iosId !== undefined && !(typeof mobile.iosId === 'string' && /^id\d+$/.test(mobile.iosId))) {
      fail('mobile.iosId', 'must be an App Store id like id1438144202', mobile.iosId)
    }
    if (mobile.androidId !== undefined && !(typeof mobile.androidId === 'string' && /^[a-zA-Z]\w*(\.[a-zA-Z]\w*)+$/.test(mobile.androidId))) {
      fail('mobile.androidId', 'must be a Play Store package like io.metamask', mobile.androidId)
    }
  })

  optionalRecord(entry, 'desktop', fail, (desktop) => {
    checkNativeLink(desktop.native, 'desktop.native', fail)
    checkHttpsLink(desktop.universal, 'desktop.universal', fail)
    checkHttpsLink(desktop.extensionUrl, 'desktop.extensionUrl', fail)
    checkHttpsLink(desktop.appUrl, 'desktop.appUrl', fail)
    if (desktop.chromeId !== undefined && !(typeof desktop.chromeId === 'string' && /^[a-p]{32}$/.test(desktop.chromeId))) {
      fail('desktop.chromeId', 'must be a Chrome Web Store id (32 letters a–p)', desktop.chromeId)
    }
    if (desktop.edgeId !== undefined && !(typeof desktop.edgeId === 'string' && /^[a-z]{32}$/.test(desktop.edgeId))) {
      fail('desktop.edgeId', 'must be an Edge Add-ons id (32 lowercase letters)', desktop.edgeId)
    }
    if (desktop.firefoxId !== undefined && !(typeof desktop.firefoxId === 'string' && /^[\w.@{}-]+$/.test(desktop.firefoxId))) {
      fail('desktop.firefoxId', 'must be an addons.mozilla.org slug', desktop.firefoxId)
    }
  })

  for (const flag of ['filterFromWalletConnect', 'switchNetworkOnlyFromWallet', 'showOnlyIfInstalled'] as const) {
    if (entry[flag] !== undefined && typeof entry[flag] !== 'boolean') fail(flag, 'must be a boolean', entry[flag])
  }
  if (entry.mobileExperience !== undefined && entry.mobileExperience !== 'in-app-browser' && entry.mobileExperience !== 'redirect') {
    fail('mobileExperience', 'must be "in-app-browser" or "redirect"', entry.mobileExperience)
  }

  // A book entry cites where its data was checked. A deployment's own wallet (`operatorOwn`,
  // sigil.config.ts `wallets.custom`) is its operator's word and needs none; any it gives must be links.
  if (options.operatorOwn && entry.sources === undefined) return problems
  if (!Array.isArray(entry.sources) || entry.sources.length === 0) fail('sources', 'must list the public docs the data was checked against', entry.sources)
  else for (const source of entry.sources) checkHttpsLink(source, 'sources', fail)

  return problems
}

type Fail = (field: string, rule: string, value?: unknown) => void

function checkInjectedConfig(config: unknown, field: string, fail: Fail): void {
  if (!isRecord(config)) return fail(field, 'must be an object', config)
  if (config.chain !== 'evm') fail(`${field}.chain`, 'must be "evm"', config.chain)
  const locators = config.extensionLocators
  if (!Array.isArray(locators) || locators.length === 0) {
    fail(`${field}.extensionLocators`, 'must be a non-empty list (an empty one would claim no provider)', locators)
  } else {
    const flags = new Set<string>()
    for (const locator of locators) {
      if (!isRecord(locator) || typeof locator.flag !== 'string' || !/^[A-Za-z_$][\w$]*$/.test(locator.flag) || typeof locator.value !== 'boolean') {
        fail(`${field}.extensionLocators`, 'must hold { flag: identifier, value: boolean }', locator)
        continue
      }
      if (flags.has(locator.flag)) fail(`${field}.extensionLocators`, 'must not name a flag twice', locator.flag)
      flags.add(locator.flag)
    }
    if (!locators.some((locator) => isRecord(locator) && locator.value === true)) {
      fail(`${field}.extensionLocators`, 'needs at least one flag that must be true')
    }
  }
  if (!Array.isArray(config.windowLocations)) fail(`${field}.windowLocations`, 'must be a list', config.windowLocations)
  else {
    for (const path of config.windowLocations) {
      if (!(typeof path === 'string' && /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/.test(path)) || /(^|\.)(__proto__|prototype|constructor)(\.|$)/.test(path)) {
        fail(`${field}.windowLocations`, 'must hold dotted property paths like phantom.ethereum', path)
      }
    }
  }
}

function checkHttpsLink(value: unknown, field: string, fail: Fail, template = false): void {
  if (value === undefined) return
  if (typeof value !== 'string') return fail(field, 'must be an https URL', value)
  let url: URL
  try {
    url = new URL(template ? value.replaceAll('{url}', 'x').replaceAll('{ref}', 'x') : value)
  } catch {
    return fail(field, 'must be an https URL', value)
  }
  if (url.protocol !== 'https:') fail(field, 'must be an https URL', value)
  // We append "/<address>" or "?uri=…" to links; a trailing slash or query would break them.
  else if (!template && field !== 'sources' && field !== 'desktop.extensionUrl' && field !== 'desktop.appUrl' && (value.endsWith('/') || url.search !== '' || url.hash !== '')) {
    fail(field, 'must have no trailing slash, query or fragment', value)
  }
}

function checkNativeLink(value: unknown, field: string, fail: Fail): void {
  if (value === undefined) return
  // `scheme://path`: the path is required (a bare `scheme://` opens the app at no screen) and a
  // trailing slash would turn `?uri=` into `/?uri=`, which some wallets do not route.
  if (!(typeof value === 'string' && /^[a-z][a-z0-9+.-]*:\/\/[^\s/?#]+(\/[^\s/?#]+)*$/i.test(value))) {
    fail(field, 'must be scheme://path without a trailing slash, query or fragment', value)
    return
  }
  // A wallet app's own scheme: not one that runs script or a document in the page's context, nor the
  // web's or the browser's own (an https link belongs in `universal`, checked as such).
  const scheme = value.slice(0, value.indexOf(':')).toLowerCase()
  if (NOT_APP_SCHEMES.has(scheme)) fail(field, `must use the wallet app's own scheme, not ${scheme}:`, value)
}

const NOT_APP_SCHEMES: ReadonlySet<string> = new Set(['javascript', 'data', 'vbscript', 'file', 'blob', 'filesystem', 'http', 'https', 'ftp', 'ws', 'wss', 'about', 'chrome', 'chrome-extension', 'edge', 'view-source', 'intent', 'content', 'resource', 'moz-extension'])

function checkTemplate(value: unknown, field: string, fail: Fail): void {
  if (typeof value !== 'string') return
  if (!value.includes('{url}')) fail(field, 'must contain the {url} placeholder', value)
  const unknownPlaceholder = value.match(/\{(?!url\}|ref\})[^}]*\}/)
  if (unknownPlaceholder) fail(field, 'may only use the {url} and {ref} placeholders', unknownPlaceholder[0])
}

function optionalRecord(parent: Record<string, unknown>, field: string, fail: Fail, check: (value: Record<string, unknown>) => void): void {
  const value = parent[field]
  if (value === undefined) return
  if (!isRecord(value)) return fail(field, 'must be an object', value)
  check(value)
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== ''
}

function isRdns(value: unknown): boolean {
  return typeof value === 'string' && /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(value)
}

function show(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value)
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return String(value)
  }
}
