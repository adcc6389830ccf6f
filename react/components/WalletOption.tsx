'use client'
import { useT } from '@sigil/lib/i18n/useT'
import type { WalletOption as WalletOptionData } from '@/react/wagmi/useWalletOptions'
import styles from './WalletOption.module.css'
import { walletOptionStatus } from './walletOptionStatus'
import { InstallLink, WalletRowText } from './walletRows'

export type WalletOptionProps = {
  option: WalletOptionData
  isMobile: boolean
  onSelect: (option: WalletOptionData) => void
  /**
   * Its wallet is still getting ready: a tap now could not open its popup inside the click. The row
   * still takes the tap (not disabled): the dialog keeps it and acts once the wallet is ready.
   */
  preparing?: boolean | undefined
  /** Tapped while getting ready: the tap is kept (busy, "Getting ready…") and acted on once ready. */
  pending?: boolean | undefined
  /** Called when the user reaches for this row: the pointer moves over it, keyboard focus, a touch. */
  onIntent?: ((option: WalletOptionData) => void) | undefined
  /** The wallet the user connected with last: marked "Last used", with a "Forget" button beside it. */
  lastUsed?: boolean | undefined
  onForget?: (() => void) | undefined
}

/**
 * One wallet: a button with its icon and name, and an install link when it is missing on desktop.
 * Its status line tells the truth: "Installed" only for a wallet detected in this browser, a listed
 * family's few words ("Scan with your phone") for the rest, and "Getting ready…" only after the user
 * tapped a row that cannot act inside the tap yet — never a busy state the user did not cause. That
 * tap is not lost: the dialog keeps it (`pending`) and acts on it once the wallet is ready.
 */
export function WalletOption({ option, isMobile, onSelect, preparing = false, pending = false, lastUsed = false, onForget, onIntent }: WalletOptionProps) {
  const t = useT()
  const { key, name, icon, installed, installUrl, openInApp, opens, tagline } = option
  const detected = installed && !tagline
  const status = walletOptionStatus({ name, installed, tagline, opens, opensInApp: openInApp !== undefined }, isMobile, t, pending)
  return (
    <li className="wallet-row">
      <button
        type="button"
        className="wallet-option"
        data-testid={`wallet-option-${key}`}
        data-installed={installed ? 'true' : 'false'}
        data-opens={isMobile && openInApp ? (opens ?? 'wallet-browser') : undefined}
        data-preparing={preparing ? 'true' : undefined}
        data-last-used={lastUsed ? 'true' : undefined}
        aria-busy={pending ? 'true' : undefined}
        data-pending={pending ? 'true' : undefined}
        // Intent, not presence: a pointer that only rests where the dialog appeared moves nothing, and
        // the focus the dialog itself places counts only when the keyboard put it there (focus-visible).
        onPointerMove={() => onIntent?.(option)}
        onTouchStart={() => onIntent?.(option)}
        onFocus={(event) => {
          if (isKeyboardFocus(event.currentTarget)) onIntent?.(option)
        }}
        // A row still getting ready is selected too: the dialog keeps that tap until it can act on it.
        // It turns busy in this very event, as the early-tap script marks its button: a slow phone's
        // re-render of the list (or `next dev`'s) can take longer than the 100 ms feedback may. The
        // dialog then renders it pending, so React owns the mark from there (and takes it off).
        onClick={(event) => {
          if (preparing) event.currentTarget.setAttribute('aria-busy', 'true')
          onSelect(option)
        }}
      >
        <WalletRowText icon={icon} name={name} status={status} detected={detected} live>
          {lastUsed && (
            <span className={styles.badge} data-testid={`wallet-last-used-${key}`}>
              {t('connect.lastUsed')}
            </span>
          )}
        </WalletRowText>
      </button>
      {lastUsed && onForget && (
        <button
          type="button"
          className={`link-button ${styles.forget}`}
          data-testid={`wallet-forget-${key}`}
          aria-label={t('connect.forgetLabel', { wallet: name })}
          onClick={onForget}
        >
          {t('connect.forget')}
        </button>
      )}
      {!installed && !isMobile && installUrl && <InstallLink name={name} installUrl={installUrl} t={t} testId={`wallet-install-${key}`} />}
    </li>
  )
}

/** Focus the keyboard placed (`:focus-visible`); an engine that cannot tell counts it as such. */
function isKeyboardFocus(element: Element): boolean {
  try {
    return element.matches(':focus-visible')
  } catch {
    return true
  }
}
