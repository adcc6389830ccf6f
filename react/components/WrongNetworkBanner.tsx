'use client'
import type { Chain } from 'viem'
import type { ShownError, ShownErrorReason } from '@sigil/lib/errors/shownError'
import { ErrorDetails, plainErrorText } from '@sigil/lib/i18n/ErrorAlert'
import { useMessages } from '@sigil/lib/i18n/LocaleProvider'
import { useT } from '@sigil/lib/i18n/useT'

export type WrongNetworkBannerProps = {
  /** Where the one-click switch goes; undefined when this wallet cannot be asked to switch there. */
  target: Chain | undefined
  pending: boolean
  /** Why the last switch failed, shown here: one state, one message, one action. */
  error?: { message: string; code: string | null; reason?: ShownErrorReason | undefined } | null | undefined
  /** The code of the condition (the wallet moved itself there), for machines: `data-code`. */
  code?: string | null | undefined
  onSwitch: () => void
}

/**
 * Shown while the wallet sits on a chain Sigil does not support: the one message about it, with the
 * one action that can work — a switch the app can ask for, or else the words to switch in the wallet.
 */
export function WrongNetworkBanner({ target, pending, error, code, onSwitch }: WrongNetworkBannerProps) {
  const t = useT()
  const messages = useMessages()
  return (
    <div className="banner warning" role="alert" data-testid="wrong-network" data-code={code ?? undefined}>
      <p>{target ? t('chain.wrong') : t('chain.wrongInWallet')}</p>
      {error && <SwitchError error={{ message: error.message, code: error.code ?? undefined, reason: error.reason }} errors={messages?.errors} />}
      {target && (
        <button type="button" className="button primary" data-testid="switch-to-supported" aria-busy={pending} onClick={onSwitch}>
          {pending ? t('chain.switching') : t('chain.switchTo', { chain: target.name })}
        </button>
      )}
    </div>
  )
}

/**
 * Inside the banner's alert (not one of its own), as every error on the page is shown: the plain
 * words in the page's language, the catalogue's message and code folded under "Details".
 */
function SwitchError({ error, errors }: { error: ShownError; errors: Parameters<typeof plainErrorText>[1] }) {
  const text = plainErrorText(error, errors)
  return (
    <div className="error-text" data-testid="chain-error" data-code={error.code}>
      <p>{text}</p>
      <ErrorDetails error={error} text={text} testId="chain-error" />
    </div>
  )
}
