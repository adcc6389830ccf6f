import type { Address } from 'viem'
import { h, show } from './dom'
import { trapFocus } from './focusTrap'
import type { VaultStrings } from './strings'
import type { EmbeddedWallet, PreparedRecovery } from './wallet'

/**
 * The embedded wallet's screens, in the vault: unlock the wallet this device holds, create one
 * (email → emailed code → passkey), recover by email (code → choose the wallet → new passkey), reveal
 * the recovery phrase. Everything here — records, ciphertext, passkeys, the phrase — stays in the
 * vault's origin; the page learns the chosen address and nothing else.
 */
export type WalletScreens = ReturnType<typeof createWalletScreens>

/** A wallet's creation time in the reader's own locale and time zone. */
function formatDate(iso: string, locale: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' })
}

/** A message for the user from anything thrown: a catalogue error by its code, else a generic line. */
export function messageOf(caught: unknown, t: VaultStrings): string {
  const code = (caught as { code?: unknown } | null)?.code
  const attemptsLeft = (caught as { attemptsLeft?: unknown } | null)?.attemptsLeft
  if (typeof code === 'string') {
    const known = t.error(code, typeof attemptsLeft === 'number' ? { attemptsLeft } : undefined)
    if (known) return known
  }
  return t.error('embedded_internal_error') ?? 'Something went wrong.'
}

export function createWalletScreens(parameters: { root: HTMLElement; wallet: EmbeddedWallet; t: VaultStrings; locale: string }) {
  const { root, wallet, t } = parameters
  let prepared: PreparedRecovery | undefined
  let release: (() => void) | undefined
  let finish: ((address: Address | undefined) => void) | undefined

  function discardRecovery() {
    prepared?.dispose()
    prepared = undefined
  }

  /** Draws one screen: a card with the title, the screen's content and, when set, the error line. */
  function screen(step: string, content: (Node | string | false | undefined)[], error?: string) {
    release?.()
    const card = h(
      'section',
      { className: 'card', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'wallet-title', testId: 'embedded-panel', 'data-step': step },
      h('div', { className: 'header' }, h('h1', { id: 'wallet-title' }, t.ui('title')), h('button', { type: 'button', className: 'button quiet', testId: 'embedded-cancel-button', onclick: () => close(undefined) }, t.ui('cancel'))),
      ...content,
      error && h('p', { role: 'alert', className: 'error', testId: 'connect-error' }, error),
    )
    card.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') {
        event.preventDefault()
        close(undefined)
      }
    })
    show(root, card)
    root.scrollTop = 0
    release = trapFocus(card)
    const first = card.querySelector<HTMLElement>('input, [data-autofocus]')
    first?.focus()
  }

  function busy(message: string) {
    screen('busy', [h('p', { role: 'status', testId: 'embedded-status' }, message), h('div', { className: 'spinner', 'aria-hidden': 'true' })])
  }

  function close(address: Address | undefined) {
    discardRecovery()
    release?.()
    release = undefined
    show(root)
    const done = finish
    finish = undefined
    done?.(address)
  }

  /** Runs one user action: a status line while it runs; on failure, `onError` redraws with the message. */
  async function run(message: string, action: () => Promise<void>, onError: (error: string) => void | Promise<void>) {
    busy(message)
    try {
      await action()
    } catch (caught) {
      await onError(messageOf(caught, t))
    }
  }

  function field(name: string, label: string, testId: string, attributes: Record<string, string>) {
    const id = `field-${testId}`
    return h('div', { className: 'field' }, h('label', { for: id }, label), h('input', { id, name, className: 'input', required: true, testId, ...attributes }))
  }

  function emailField(testId: string) {
    return field('email', t.ui('emailLabel'), testId, { type: 'email', autocomplete: 'email', inputmode: 'email', maxlength: '254' })
  }

  function codeField(testId: string) {
    return field('code', t.ui('codeLabel'), testId, { type: 'text', inputmode: 'numeric', autocomplete: 'one-time-code', pattern: '[0-9]{6}', maxlength: '6', className: 'input code' })
  }

  function form(onSubmit: (data: FormData) => void, ...children: (Node | false | undefined)[]) {
    const element = h('form', { className: 'stack', novalidate: true }, ...children)
    element.addEventListener('submit', (event) => {
      event.preventDefault()
      onSubmit(new FormData(element))
    })
    return element
  }

  function button(label: string, testId: string, onClick: () => void, primary = false) {
    return h('button', { type: 'button', className: primary ? 'button primary' : 'button', testId, onclick: onClick }, label)
  }

  async function home(options: { creating?: boolean; error?: string } = {}) {
    const records = await wallet.list().catch(() => [])
    const newest = records[0]
    if (newest && !options.creating) {
      screen(
        'home',
        [
          h('p', { className: 'muted' }, t.ui('existing')),
          h('p', { className: 'mono', testId: 'embedded-existing-address' }, newest.address),
          h('div', { className: 'actions' }, button(t.ui('unlock'), 'embedded-unlock-button', () => unlock(newest.address), true), button(t.ui('reveal'), 'embedded-reveal-button', () => reveal(newest.address))),
          h('div', { className: 'actions' }, button(t.ui('recover'), 'embedded-recover-button', () => recoverEmail()), button(t.ui('createAnother'), 'embedded-new-wallet-button', () => void home({ creating: true }))),
        ],
        options.error,
      )
      root.querySelector<HTMLElement>('[data-testid="embedded-unlock-button"]')?.focus()
      return
    }
    screen(
      'home',
      [
        form(
          (data) => createStart(String(data.get('email') ?? '')),
          h('p', { className: 'muted' }, t.ui('intro')),
          emailField('embedded-email-input'),
          h('div', { className: 'actions' }, h('button', { type: 'submit', className: 'button primary', testId: 'embedded-create-button' }, t.ui('create')), button(t.ui('recover'), 'embedded-recover-button', () => recoverEmail())),
        ),
      ],
      options.error,
    )
  }

  function createStart(email: string) {
    void run(
      t.ui('sending'),
      async () => {
        const { requestId } = await wallet.requestEmailCode(email)
        createCode(email.trim(), requestId)
      },
      (error) => home({ creating: true, error }),
    )
  }

  function createCode(email: string, requestId: string, error?: string) {
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
              (message) => (confirmed ? createVerified(email, message) : createCode(email, requestId, message)),
            )
          },
          h('p', { className: 'muted', role: 'status', testId: 'embedded-confirm-code-sent' }, t.ui('confirmCodeSent', { email })),
          codeField('embedded-confirm-code-input'),
          h('div', { className: 'actions' }, h('button', { type: 'submit', className: 'button primary', testId: 'embedded-confirm-code-button' }, t.ui('confirmEmail')), button(t.ui('back'), 'embedded-back-button', () => void home({ creating: true }))),
        ),
      ],
      error,
    )
  }

  async function createWallet(email: string) {
    busy(t.ui('creating'))
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
          h('button', { type: 'button', className: 'button primary', testId: 'embedded-create-passkey-button', 'data-autofocus': true, onclick: () => void run(t.ui('creating'), () => createWallet(email), (message) => createVerified(email, message)) }, t.ui('create')),
          button(t.ui('back'), 'embedded-back-button', () => void home({ creating: true })),
        ),
      ],
      error,
    )
  }

  function unlock(address: Address) {
    void run(
      t.ui('unlocking'),
      async () => {
        await wallet.unlock(address)
        close(address)
      },
      (error) => home({ error }),
    )
  }

  function reveal(address: Address) {
    void run(
      t.ui('unlocking'),
      async () => {
        const words = await wallet.revealPhrase(address)
        const phrase = h('p', { className: 'mono phrase', testId: 'embedded-phrase', 'aria-live': 'polite' })
        screen('reveal', [
          h('p', { className: 'muted' }, t.ui('revealIntro')),
          phrase,
          h(
            'button',
            {
              type: 'button',
              className: 'button primary',
              testId: 'embedded-hide-phrase-button',
              'data-autofocus': true,
              onclick: () => {
                phrase.textContent = ''
                void home()
              },
            },
            t.ui('hide'),
          ),
        ])
        phrase.textContent = words
      },
      (error) => home({ error }),
    )
  }

  function recoverEmail(error?: string) {
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
                recoverCode(email.trim(), requestId)
              },
              (message) => recoverEmail(message),
            )
          },
          h('p', { className: 'muted' }, t.ui('recoverIntro')),
          emailField('embedded-recover-email-input'),
          h('div', { className: 'actions' }, h('button', { type: 'submit', className: 'button primary', testId: 'embedded-send-code-button' }, t.ui('sendCode')), button(t.ui('back'), 'embedded-back-button', () => void home())),
        ),
      ],
      error,
    )
  }

  function recoverCode(email: string, requestId: string, error?: string) {
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
              (message) => recoverCode(email, requestId, message),
            )
          },
          h('p', { className: 'muted', role: 'status', testId: 'embedded-code-sent' }, t.ui('codeSent', { email })),
          codeField('embedded-code-input'),
          h('div', { className: 'actions' }, h('button', { type: 'submit', className: 'button primary', testId: 'embedded-verify-code-button' }, t.ui('verify')), button(t.ui('back'), 'embedded-back-button', () => recoverEmail())),
        ),
      ],
      error,
    )
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
                prepared = await wallet.prepareRecovery(walletId)
                recoverPasskey(prepared.address)
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

  function recoverPasskey(address: Address, error?: string) {
    screen(
      'recoverPasskey',
      [
        h('p', { className: 'muted', testId: 'embedded-recover-address' }, t.ui('newPasskeyIntro', { address })),
        h(
          'button',
          {
            type: 'button',
            className: 'button primary',
            testId: 'embedded-new-passkey-button',
            'data-autofocus': true,
            onclick: () => {
              const recovery = prepared
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
                  prepared = undefined
                  close(address)
                },
                (message) => (prepared ? recoverPasskey(address, message) : recoverEmail(message)),
              )
            },
          },
          t.ui('newPasskey'),
        ),
        button(t.ui('back'), 'embedded-back-button', () => recoverEmail()),
      ],
      error,
    )
  }

  return {
    /** Shows the wallet's screens until the user connects a wallet (its address) or cancels (undefined). */
    open(): Promise<Address | undefined> {
      finish?.(undefined)
      return new Promise((resolve) => {
        finish = resolve
        busy(t.ui('title'))
        void home()
      })
    },
    /** Closes the screens as cancelled (the page went away, another request took over). */
    cancel(): void {
      if (finish) close(undefined)
    },
  }
}
