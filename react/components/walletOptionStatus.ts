import type { Translate } from '@sigil/lib/i18n/t'
import type { WalletOption } from '@/react/wagmi/walletOptions'

/** What a row's status line reads of it. */
export type StatusOfRow = Pick<WalletOption, 'name' | 'installed' | 'tagline' | 'opens'> & {
  /** The row opens the wallet on a phone (`openInApp`). */
  opensInApp: boolean
}

/**
 * A row's status line, the same in the dialog (WalletOption) and in its frame in the server's HTML
 * (ConnectDialogFrame): "Getting ready…" only for a row the user tapped that waits for its code
 * (`pending`); a listed family's few words; "Installed" only for a wallet detected in this browser;
 * on a phone, how the row opens the wallet; else "Not installed".
 */
export function walletOptionStatus(option: StatusOfRow, isMobile: boolean, t: Translate, pending = false): string {
  const { name, installed, tagline, opens, opensInApp } = option
  if (pending) return t('connect.preparing')
  if (tagline) return t((isMobile && tagline.mobile) || tagline.desktop)
  if (installed) return t('connect.installed')
  if (isMobile && opensInApp) return opens === 'wallet-app' ? t('connect.connectWithApp', { wallet: name }) : t('connect.openInBrowser', { wallet: name })
  return t('connect.notInstalled')
}
