/**
 * Key and name of an injected provider that no wallet-book entry claims. Its own module: the
 * injected connector needs it at startup, `listWallets` (and the book it imports) only the dialog.
 */
export const genericBrowserWallet = { key: 'browserwallet', name: 'Browser wallet' } as const
