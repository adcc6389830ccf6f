import type { Address } from 'viem'
import type { RecoveryStatus } from '@sigil/lib/embedded/apiTypes'
import { h } from '../dom'
import { formatDate, formatWait, type ScreenKit, type Screens, type CodeShown, type CodeStep } from './kit'

/** Recovering by email: the email, the code, the wallet chosen, the delay, the new passkey. */
export function recoveryScreens(kit: ScreenKit, go: Screens): Pick<Screens, 'recoverEmail' | 'recoverCode' | 'recoverChoose' | 'recoverWaiting' | 'recoverVetoed' | 'recoverPasskey'> {
  const { screen, close, run, sendErrorOf, resendButton, resend, restoreCode, field, emailField, codeField, form, button, action, discardRecovery, wallet, t, root, parameters, cooldownMs } = kit

  /** The recovery's first step; `email` fills the field (the wallet on this device names its email). */
  function recoverEmail(error?: string, email?: string) {
    discardRecovery()
    screen(
      'recoverEmail',
      [
        form(
          (data) => {
            const email = String(data.get('email') ?? '')
            void run(
              t.ui('sending'),
              async () => {
                const { requestId } = await wallet.requestRecoveryCode(email)
                recoverCode({ email: email.trim(), requestId, resendAt: Date.now() + cooldownMs })
              },
              (message, caught) => recoverEmail(sendErrorOf(message, caught), email),
            )
          },
          h('p', { className: 'muted' }, t.ui('recoverIntro')),
          emailField('embedded-recover-email-input'),
          h('div', { className: 'actions' }, h('button', { type: 'submit', className: 'button primary', testId: 'embedded-send-code-button' }, t.ui('sendCode')), button(t.ui('back'), 'embedded-back-button', () => void go.home())),
        ),
      ],
      error,
    )
    const field = root.querySelector<HTMLInputElement>('[data-testid="embedded-recover-email-input"]')
    if (field && email) {
      field.value = email
      // The email is there already: the next step is sending the code.
      root.querySelector<HTMLElement>('[data-testid="embedded-send-code-button"]')?.focus()
    }
  }

  function recoverCode(step: CodeStep, shown: CodeShown = {}) {
    const { email, requestId } = step
    screen(
      'recoverCode',
      [
        form(
          (data) => {
            const code = String(data.get('code') ?? '')
            void run(
              t.ui('verifying'),
              async () => {
                const { wallets } = await wallet.verifyRecoveryCode(requestId, code)
                // Never chosen for the user, even when there is one: the user confirms the address they know.
                if (wallets.length > 0) recoverChoose(wallets)
                else recoverEmail(t.error('embedded_wallet_not_found'))
              },
              (message) => recoverCode(step, { error: message, code }),
            )
          },
          h('p', { className: 'muted', role: 'status', testId: 'embedded-code-sent' }, step.resent ? t.ui('codeResent', { email }) : t.ui('codeSent', { email })),
          codeField('embedded-code-input'),
          h(
            'div',
            { className: 'actions' },
            h('button', { type: 'submit', className: 'button primary', testId: 'embedded-verify-code-button' }, t.ui('verify')),
            resendButton(step, () => resend(step, (address) => wallet.requestRecoveryCode(address), recoverCode)),
            button(t.ui('back'), 'embedded-back-button', () => recoverEmail(undefined, email)),
          ),
        ),
      ],
      shown.error,
    )
    restoreCode('embedded-code-input', shown.code)
  }

  function recoverChoose(wallets: { walletId: string; address: Address; createdAt: string }[], error?: string) {
    screen(
      'recoverChoose',
      [
        form(
          (data) => {
            const walletId = String(data.get('wallet') ?? '')
            void run(
              t.ui('verifying'),
              async () => {
                discardRecovery()
                const started = await wallet.startRecovery(walletId)
                if (started.secondsLeft > 0) return recoverWaiting(started)
                kit.state.prepared = await wallet.prepareRecovery(walletId)
                recoverPasskey(kit.state.prepared.address)
              },
              (message) => recoverChoose(wallets, message),
            )
          },
          h(
            'fieldset',
            { className: 'choices' },
            h('legend', {}, t.ui('chooseWallet')),
            h('p', { className: 'muted' }, t.ui('chooseWalletHint')),
            // No default: a wallet someone else made with this email must never be one tap away.
            wallets.map((choice) =>
              h(
                'label',
                { className: 'choice' },
                h('input', { type: 'radio', name: 'wallet', value: choice.walletId, required: true, testId: `embedded-wallet-choice-${choice.address}` }),
                h('span', {}, h('span', { className: 'mono' }, choice.address), ' ', h('time', { className: 'muted', datetime: choice.createdAt, testId: 'embedded-wallet-created' }, t.ui('createdOn', { date: formatDate(choice.createdAt, parameters.locale) }))),
              ),
            ),
          ),
          h('button', { type: 'submit', className: 'button primary', testId: 'embedded-choose-button' }, t.ui('chooseContinue')),
        ),
      ],
      error,
    )
  }

  /**
   * A started recovery waiting for its delay: when the key is released (the date, and the time left,
   * counting down by the second from the server's figure). "Finish recovery" (focused) asks for the
   * key; before its time the server refuses and this screen is drawn again with the time it says is
   * left. Every 30 s, and on "Finish recovery", the server is asked whether the owner cancelled it:
   * then the one state that is true, `recoverVetoed`.
   */
  function recoverWaiting(status: RecoveryStatus, error?: string) {
    const releaseAt = Date.now() + status.secondsLeft * 1000
    const text = () =>
      t.ui('recoveryWaiting', { address: status.address, date: formatDate(status.releaseAt, parameters.locale), timeLeft: formatWait((releaseAt - Date.now()) / 1000) })
    // A status, read once when it appears; the second-by-second count is not announced.
    const waiting = h('p', { className: 'muted', role: 'status', 'aria-live': 'off', testId: 'embedded-recovery-waiting', 'data-release-at': status.releaseAt }, text())
    screen(
      'recoverWaiting',
      [
        waiting,
        h(
          'div',
          { className: 'actions' },
          action(
            t.ui('recoveryFinish'),
            'embedded-recovery-finish-button',
            () =>
              void run(
                t.ui('verifying'),
                async () => {
                  discardRecovery()
                  kit.state.prepared = await wallet.prepareRecovery(status.walletId)
                  recoverPasskey(kit.state.prepared.address)
                },
                (message, caught) => {
                  const values = (caught as { code?: unknown; values?: { releaseAt?: unknown; secondsLeft?: unknown } } | null)
                  if (values?.code === 'embedded_recovery_cancelled') return recoverVetoed(status)
                  if (values?.code === 'embedded_recovery_pending' && typeof values.values?.secondsLeft === 'number') {
                    return recoverWaiting({ ...status, secondsLeft: values.values.secondsLeft })
                  }
                  recoverWaiting(status, message)
                },
              ),
            { primary: true, autofocus: true },
          ),
          button(t.ui('back'), 'embedded-back-button', () => void go.home({ stay: true })),
        ),
      ],
      error,
    )
    kit.state.waitingUntil = status.releaseAt
    let checks = 0
    const ticking = setInterval(() => {
      if (!waiting.isConnected) return clearInterval(ticking)
      waiting.textContent = text()
      // The owner's veto, found without a press: the recovery this browser started, as the server sees it.
      if (++checks % 30 === 0)
        wallet.startedRecovery().then((now) => waiting.isConnected && now?.state === 'cancelled' && now.walletId === status.walletId && recoverVetoed(status), () => undefined)
    }, 1000)
  }

  /** The owner cancelled this recovery: that, and the two ways on. Nothing of the wait is left. */
  function recoverVetoed(status: RecoveryStatus) {
    discardRecovery()
    screen('recoverVetoed', [
      h('p', { role: 'status', testId: 'embedded-recovery-vetoed' }, t.ui('recoveryVetoed', { address: status.address })),
      h(
        'div',
        { className: 'actions' },
        action(t.ui('recoveryRestart'), 'embedded-recovery-restart-button', () => recoverEmail(), { primary: true, autofocus: true }),
        button(t.ui('back'), 'embedded-back-button', () => void go.home({ stay: true })),
      ),
    ])
  }

  function recoverPasskey(address: Address, error?: string) {
    screen(
      'recoverPasskey',
      [
        h('p', { className: 'muted', testId: 'embedded-recover-address' }, t.ui('newPasskeyIntro', { address })),
        action(
          t.ui('newPasskey'),
          'embedded-new-passkey-button',
          () => {
            const recovery = kit.state.prepared
            if (!recovery) return
            void run(
              t.ui('recovering'),
              async () => {
                try {
                  await recovery.finish()
                } catch (caught) {
                  // A dismissed prompt can be retried with the same key; any other failure wipes it.
                  if ((caught as { code?: unknown } | null)?.code !== 'embedded_passkey_cancelled') discardRecovery()
                  throw caught
                }
                kit.state.prepared = undefined
                // Unlocked here now: another recovery under way (not this one, finished) is shown first.
                await go.reviewRecoveries(address, () => close(address))
              },
              (message) => (kit.state.prepared ? recoverPasskey(address, message) : recoverEmail(message)),
            )
          },
          { primary: true, autofocus: true },
        ),
        button(t.ui('back'), 'embedded-back-button', () => recoverEmail()),
      ],
      error,
    )
  }

  return { recoverEmail, recoverCode, recoverChoose, recoverWaiting, recoverVetoed, recoverPasskey }
}
