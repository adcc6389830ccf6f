/**
 * The catalogue section of WalletConnect: its error messages (`errors`, keyed by error code) and its
 * view's strings (`ui`). Its own module, so these strings load with the family, not with the page.
 * The catalogue errors (docs/errors.md) the family raises (`connection_rejected`, `provider_not_found`,
 * `session_not_found`, the switch errors) are the shared ones in `errors.ts`, not repeated here.
 */
export const walletConnect = {
  errors: {
    walletconnect_not_configured: 'WalletConnect is not available on this site. Other wallets still work.',
    walletconnect_pairing_expired: 'The QR code expired {attempts} times without a wallet connecting. Try again for a new code.',
    walletconnect_session_in_use: 'A wallet is already connected over WalletConnect on this page. Only one WalletConnect session can be open at a time.',
  },
  ui: {
    'wc.title': 'Connect with {wallet}',
    'wc.scan': 'Scan this code with your phone’s wallet app.',
    'wc.scanWallet': 'Scan this code with {wallet} on your phone.',
    'wc.qrLabel': 'QR code to connect with {wallet}',
    'wc.preparing': 'Preparing the QR code…',
    'wc.preparingLink': 'Preparing the link to {wallet}…',
    'wc.waiting': 'Waiting for your wallet…',
    'wc.openedApp': 'Approve the connection in {wallet}, then come back here.',
    'wc.copyLink': 'Copy link',
    'wc.copied': 'Link copied',
    'wc.copyFailed': 'Copy failed',
    'wc.openApp': 'Open {wallet}',
    'wc.storeLink': 'Get {wallet}',
    'wc.notInstalled': 'Don’t have {wallet}?',
    'wc.tryAgain': 'Try again',
    'wc.back': 'Back to wallets',
  },
} as const
