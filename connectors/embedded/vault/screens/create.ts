import { h, tapExpired } from '../dom'
import { type ScreenKit, type Screens, type CodeShown, type CodeStep } from './kit'

/** Creating a wallet: the email, the emailed code, the passkey. */
export function createScreens(kit: ScreenKit, go: Screens): Pick<Screens, 'createStart' | 'createCode' | 'createWallet' | 'createVerified'> {
  const { screen, busy, close, run, sendErrorOf, resendButton, resend, restoreCode, codeField, form, button, action, wallet, t, cooldownMs } = kit

  function createStart(email: string) {
    void run(
      t.ui('sending'),
      async () => {
        const { requestId } = await wallet.requestEmailCode(email)
        createCode({ email: email.trim(), requestId, resendAt: Date.now() + cooldownMs })
      },
      (error, caught) => go.home({ creating: true, error: sendErrorOf(error, caught) }),
    )
  }

  function createCode(step: CodeStep, shown: CodeShown = {}) {
    const { email, requestId } = step
    screen(
      'createCode',
      [
        form(
          (data) => {
            const code = String(data.get('code') ?? '')
            let confirmed = false
            void run(
              t.ui('verifying'),
              async () => {
                await wallet.verifyEmailCode(requestId, code)
                confirmed = true
                await createWallet(email)
              },
              // A proven email stays proven for a while: a cancelled passkey prompt is retried without a new code.
              (message) => (confirmed ? createVerified(email, message) : createCode(step, { error: message, code })),
            )
          },
          h('p', { className: 'muted', role: 'status', testId: 'embedded-confirm-code-sent' }, step.resent ? t.ui('codeResent', { email }) : t.ui('confirmCodeSent', { email })),
          codeField('embedded-confirm-code-input'),
          h(
            'div',
            { className: 'actions' },
            h('button', { type: 'submit', className: 'button primary', testId: 'embedded-confirm-code-button' }, t.ui('confirmEmail')),
            resendButton(step, () => resend(step, (address) => wallet.requestEmailCode(address), createCode)),
            button(t.ui('back'), 'embedded-back-button', () => void go.home({ creating: true })),
          ),
        ),
      ],
      shown.error,
    )
    restoreCode('embedded-confirm-code-input', shown.code)
  }

  async function createWallet(email: string) {
    busy(t.ui('creating'))
    // Everything the prompt needs from the network first (nothing when it was fetched already), so
    // nothing is awaited between the check below and the prompt.
    await wallet.prepareCreate(email)
    // Slow answers outlived the tap the passkey prompt needs: ask for a new tap, with no error
    // (nothing failed), instead of a prompt that would fail as if cancelled.
    if (tapExpired()) return createVerified(email)
    close(await wallet.create(email))
  }

  function createVerified(email: string, error?: string) {
    screen(
      'createVerified',
      [
        h('p', { className: 'muted', role: 'status', testId: 'embedded-email-confirmed' }, t.ui('emailConfirmed')),
        h(
          'div',
          { className: 'actions' },
          action(t.ui('create'), 'embedded-create-passkey-button', () => void run(t.ui('creating'), () => createWallet(email), (message) => createVerified(email, message)), { primary: true, autofocus: true }),
          button(t.ui('back'), 'embedded-back-button', () => void go.home({ creating: true })),
        ),
      ],
      error,
    )
  }

  return { createStart, createCode, createWallet, createVerified }
}
