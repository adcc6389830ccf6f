import oneInch from '@web3icons/core/svgs/exchanges/background/1inch.svg.js'
import cryptoCom from '@web3icons/core/svgs/exchanges/background/crypto-com.svg.js'
import status from '@web3icons/core/svgs/networks/background/status.svg.js'
import mathWallet from '@web3icons/core/svgs/tokens/background/MATH.svg.js'
import alphaWallet from '@web3icons/core/svgs/wallets/background/alpha-wallet.svg.js'
import argent from '@web3icons/core/svgs/wallets/background/argent.svg.js'
import backpack from '@web3icons/core/svgs/wallets/background/backpack.svg.js'
import coin98 from '@web3icons/core/svgs/wallets/background/coin98.svg.js'
import coinbase from '@web3icons/core/svgs/wallets/background/coinbase.svg.js'
import enkrypt from '@web3icons/core/svgs/wallets/background/enkrypt.svg.js'
import exodus from '@web3icons/core/svgs/wallets/background/exodus.svg.js'
import imtoken from '@web3icons/core/svgs/wallets/background/imtoken.svg.js'
import kraken from '@web3icons/core/svgs/wallets/background/kraken.svg.js'
import ledger from '@web3icons/core/svgs/wallets/background/ledger.svg.js'
import metamask from '@web3icons/core/svgs/wallets/background/metamask.svg.js'
import myEtherWallet from '@web3icons/core/svgs/wallets/background/my-ether-wallet.svg.js'
import okx from '@web3icons/core/svgs/wallets/background/okx.svg.js'
import phantom from '@web3icons/core/svgs/wallets/background/phantom.svg.js'
import rabby from '@web3icons/core/svgs/wallets/background/rabby.svg.js'
import rainbow from '@web3icons/core/svgs/wallets/background/rainbow.svg.js'
import ronin from '@web3icons/core/svgs/wallets/background/ronin.svg.js'
import safe from '@web3icons/core/svgs/wallets/background/safe.svg.js'
import tokenPocket from '@web3icons/core/svgs/wallets/background/token-pocket.svg.js'
import trust from '@web3icons/core/svgs/wallets/background/trust.svg.js'
import walletConnect from '@web3icons/core/svgs/wallets/background/wallet-connect.svg.js'
import zengo from '@web3icons/core/svgs/wallets/background/zengo.svg.js'
import zerion from '@web3icons/core/svgs/wallets/background/zerion.svg.js'

/**
 * The wallet logos Sigil takes from \`@web3icons/core\` (MIT, pinned in package.json; the entries
 * that use one cite {@link WEB3ICONS_SOURCE}): the package's \`wallets/background\` SVGs, keyed by
 * the package's own wallet id. Four wallets the package lists only under their maker's other marks
 * use that mark, which is also the wallet's: 1inch and Crypto.com (its \`exchanges\`), MathWallet
 * (its \`tokens\`, MATH) and Status (its \`networks\`). Only the server imports this table:
 * app/wallet-logos serves each as an image, and the page knows only the ids (walletLogoIds.ts).
 * Add a wallet's id here and there when the package has its logo, and name it in its entry's
 * \`brand.logo\`; a wallet the package lacks takes its own published mark (publishedMarks.ts).
 */
export const web3iconsWallets: Readonly<Record<string, string>> = {
  '1inch': oneInch,
  'alpha-wallet': alphaWallet,
  'argent': argent,
  'backpack': backpack,
  'coin98': coin98,
  'coinbase': coinbase,
  'crypto-com': cryptoCom,
  'enkrypt': enkrypt,
  'exodus': exodus,
  'imtoken': imtoken,
  'kraken': kraken,
  'ledger': ledger,
  'math-wallet': mathWallet,
  'metamask': metamask,
  'my-ether-wallet': myEtherWallet,
  'okx': okx,
  'phantom': phantom,
  'rabby': rabby,
  'rainbow': rainbow,
  'ronin': ronin,
  'safe': safe,
  'status': status,
  'token-pocket': tokenPocket,
  'trust': trust,
  'wallet-connect': walletConnect,
  'zengo': zengo,
  'zerion': zerion,
}

/** The package and version the logos come from, as an entry's \`sources\` cite it. */
export const WEB3ICONS_SOURCE = 'https://www.npmjs.com/package/@web3icons/core/v/4.0.56'
