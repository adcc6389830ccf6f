import type { PublicConfig } from '@sigil/lib/config/public'
import type { Messages } from '@sigil/lib/i18n/messages'
import type { Translate } from '@sigil/lib/i18n/t'
import { type ServerWalletRow, serverWalletOptions } from '@/react/wagmi/serverWalletOptions'
import { DIALOG_FRAME_ATTRIBUTE, FRAME_CLOSE_ATTRIBUTE, FRAME_OPTION_ATTRIBUTE, FRAME_STORE_ATTRIBUTE } from '../lib/earlyTapScript'
import { orderWalletOptions } from '../lib/orderWalletOptions'
import { walletOptionStatus } from './walletOptionStatus'
import { InstallLink, WalletGroups, WalletRowText } from './walletRows'

/** The frame's title's id: one frame per page. */
const TITLE_ID = 'sigil-connect-frame-title'

export type ConnectDialogFrameProps = {
  /** The deployment's public configuration, as the page's provider gets it. */
  publicConfig: PublicConfig
  /** The request's `User-Agent`: a phone gets the rows that open a wallet's app or browser. */
  userAgent: string | null | undefined
  /** The page's `t` and strings, in the request's locale. */
  t: Translate
  messages?: Messages | undefined
}

/**
 * Server only: the connect dialog's frame, in the page's HTML from the first byte and closed
 * (docs/first-tap.md, "The dialog's frame"). A tap on "Connect wallet" before the dialog's code is
 * here opens it at once: the inline early-tap script before hydration, `Wallet` after. It is the
 * dialog as it opens (title, close button, the list of wallets as the server sees the request) and
 * does nothing a click can lose: a row tapped in it is kept and handed to the dialog, which replaces
 * the frame as its code arrives (its own list, with the wallets installed in this browser).
 * No code of its own reaches the browser: the markup is the server's, the few events it answers the
 * inline script's (react/lib/earlyTapScript.ts).
 */
export async function ConnectDialogFrame({ publicConfig, userAgent, t, messages }: ConnectDialogFrameProps) {
  let list: Awaited<ReturnType<typeof serverWalletOptions>>
  try {
    list = await serverWalletOptions({ publicConfig, userAgent, messages })
  } catch (error) {
    // A head start only: without it a tap shows the button busy until the dialog opens, as before.
    console.warn(`[sigil] the connect dialog's frame was left out: ${error instanceof Error ? error.message : String(error)}`)
    return null
  }
  const { rows, platform } = list
  const { isMobile } = platform
  const ordered = orderWalletOptions(rows)
  const first = ordered.filter((row) => row.installed)
  const others = ordered.filter((row) => !row.installed)
  const row = (option: ServerWalletRow) => {
    const status = walletOptionStatus(option, isMobile, t)
    const detected = option.installed && !option.tagline
    return (
      <li key={option.key} className="wallet-row">
        <button
          type="button"
          className="wallet-option"
          {...{ [FRAME_OPTION_ATTRIBUTE]: option.key }}
          data-installed={option.installed ? 'true' : 'false'}
          // Its store page, opened by the inline script in the tap itself (a popup opened later is refused).
          {...(option.opensStore ? { [FRAME_STORE_ATTRIBUTE]: option.installUrl } : {})}
          // The inline script marks a tapped row busy before hydration (react/lib/earlyTapScript.ts).
          suppressHydrationWarning
        >
          <WalletRowText icon={option.icon} name={option.name} status={status} detected={detected}>
            {/* Shown instead of the status while the row is busy (react/styles.css). */}
            <span className="wallet-status frame-preparing">{t('connect.preparing')}</span>
          </WalletRowText>
        </button>
        {!option.installed && !isMobile && option.installUrl && <InstallLink name={option.name} installUrl={option.installUrl} t={t} />}
      </li>
    )
  }
  return (
    <dialog
      className="dialog"
      data-testid="connect-dialog-frame"
      aria-labelledby={TITLE_ID}
      aria-modal="true"
      {...{ [DIALOG_FRAME_ATTRIBUTE]: '' }}
      // Opened by the inline script before hydration (`open`).
      suppressHydrationWarning
    >
      <div className="dialog-body">
        <div className="dialog-header">
          <h2 id={TITLE_ID}>{t('connect.title')}</h2>
          <button type="button" className="icon-button" {...{ [FRAME_CLOSE_ATTRIBUTE]: '' }} aria-label={t('connect.close')}>
            <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <div className="dialog-scroll">
          {rows.length === 0 ? (
            <p className="muted">{t('connect.empty')}</p>
          ) : (
            <div className="wallet-groups">
              <WalletGroups first={first} others={others} headingId={`${TITLE_ID}-more`} t={t} row={row} />
            </div>
          )}
        </div>
      </div>
    </dialog>
  )
}
