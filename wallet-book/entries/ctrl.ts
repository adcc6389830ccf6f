import { monogramIcon } from '../icons/monogramIcon'
import { PUBLISHED_MARKS_SOURCE } from '../icons/publishedMarks'
import type { WalletBookEntry } from '../types'

/**
 * Ctrl Wallet, formerly XDEFI: the extension kept XDEFI's flag, rdns and `window.xfi.ethereum`.
 * It keeps its monogram: the icon package's `xdefi` logo is the former brand's.
 */
export const ctrl: WalletBookEntry = {
  name: 'Ctrl Wallet',
  shortName: 'Ctrl',
  brand: { primaryColor: '#0C0C0D', icon: monogramIcon('Ct', '#0C0C0D'), logo: 'ctrl' },
  eip6963Config: { rdns: ['io.xdefi'] },
  injectedConfig: [{ chain: 'evm', extensionLocators: [{ flag: 'isXDEFI', value: true }], windowLocations: ['xfi.ethereum'] }],
  desktop: { chromeId: 'hmeobnfnfcmdkdcmlblgagmfpfboieaf', extensionUrl: 'https://ctrl.xyz' },
}

/** The public pages the entry's data was checked against: read by validation only, never shipped with the entry (`../sources.ts`). */
export const sources: readonly string[] = ['https://github.com/wevm/wagmi/blob/main/packages/core/src/connectors/injected.ts', 'https://github.com/rainbow-me/rainbowkit/blob/main/packages/rainbowkit/src/wallets/walletConnectors/xdefiWallet/xdefiWallet.ts', 'https://ctrl.xyz', PUBLISHED_MARKS_SOURCE]
