import type { Address } from 'viem'
import { formatPairingCode } from '@sigil/lib/embedded/pairingCode'
import { h } from '../dom'
import { qrCodeSvg } from '../qrCode'
import type { EmbeddedWallet, JoiningDevice } from '../wallet'
import { PAIRING_POLL_MS } from '../wallet'
import { messageOf, type ScreenKit, type Screens } from './kit'

/** The vault link a QR code carries for "add a device": the code in the fragment, never sent to a server by the browser. */
export function pairingLink(vaultOrigin: string, code: string): string {
  return `${vaultOrigin}/#pair=${formatPairingCode(code)}`
}

/** Adding a device: on the device that holds the wallet (the pairing, the comparison, the approval) and on the new one (the link that asks first, the code, the wait, its passkey). */
export function deviceScreens(kit: ScreenKit, go: Screens): Pick<Screens, 'addDevice' | 'compareDevice' | 'joinConfirm' | 'joinStart' | 'joinWaiting' | 'joinPasskey'> {
  const { screen, close, run, field, form, button, action, discardRecovery, wallet, t, root, vaultOrigin } = kit

  /**
   * "Add a device", on the device that holds the wallet: one passkey touch opens a pairing; the
   * screen shows its QR code (a vault link carrying the code) and the code, and waits for a device
   * to claim it. Then the user compares the fingerprints and approves (another touch) or cancels.
   */
  function addDevice(address: Address) {
    void run(
      t.ui('unlocking'),
      async () => {
        const pairing = await wallet.startPairing(address)
        // The server's link must be this vault's own, with this code: else no QR code, the code alone.
        const link = pairingLink(vaultOrigin, pairing.code)
        const qr = pairing.link === link ? qrCodeSvg(pairing.qr, link, t.ui('addDeviceQr'), 'embedded-pairing-qr') : undefined
        const stop = new AbortController()
        kit.state.stopWaiting = stop
        screen('addDevice', [
          h('p', { className: 'muted' }, t.ui('addDeviceIntro', { minutes: 10 })),
          qr,
          h('p', { className: 'pairing-code', testId: 'embedded-pairing-code' }, formatPairingCode(pairing.code)),
          h('p', { className: 'muted', role: 'status', testId: 'embedded-pairing-status' }, t.ui('addDeviceWaiting')),
          h(
            'div',
            { className: 'actions' },
            button(t.ui('back'), 'embedded-back-button', () => {
              stop.abort()
              void pairing.cancel().then(() => go.home())
            }),
          ),
        ])
        for (;;) {
          await new Promise((resolve) => setTimeout(resolve, PAIRING_POLL_MS))
          if (stop.signal.aborted) return
          const status = await pairing.status()
          if (stop.signal.aborted) return
          if (status.state === 'claimed' && status.fingerprint) return compareDevice(pairing, status.fingerprint)
        }
      },
      (error) => go.home({ error }),
    )
  }

  function compareDevice(pairing: Awaited<ReturnType<EmbeddedWallet['startPairing']>>, fingerprint: string, error?: string) {
    screen(
      'addDeviceCompare',
      [
        h('p', { className: 'muted' }, t.ui('compareIntro')),
        h('p', { className: 'fingerprint', testId: 'embedded-pairing-fingerprint' }, fingerprint),
        h(
          'div',
          { className: 'actions' },
          action(
            t.ui('approveDevice'),
            'embedded-approve-device-button',
            () =>
              void run(
                t.ui('approving'),
                async () => {
                  await pairing.approve()
                  screen('addDeviceDone', [
                    h('p', { role: 'status', testId: 'embedded-device-added' }, t.ui('deviceApproved')),
                    h('div', { className: 'actions' }, button(t.ui('done'), 'embedded-done-button', () => void go.home())),
                  ])
                },
                (message) => compareDevice(pairing, fingerprint, message),
              ),
            { primary: true },
          ),
          button(t.ui('rejectDevice'), 'embedded-reject-device-button', () => void pairing.cancel().then(() => go.home())),
        ),
      ],
      error,
    )
  }

  /**
   * A pairing link opened here (`#pair=`): nothing is claimed until the user says this device is the
   * one to add. Any site can link a browser to an attacker's pairing code; a click here is the user's
   * own answer, on the vault's own screen.
   */
  function joinConfirm(code: string) {
    discardRecovery()
    void run(
      t.ui('verifying'),
      async () => {
        // Where the pairing was opened, so the user can tell it is their own other device; nothing is claimed.
        const { from } = await wallet.peekPairing(code)
        screen('joinConfirm', [
          h('p', { testId: 'embedded-pair-confirm' }, t.ui('pairConfirm')),
          from && h('p', { className: 'muted', testId: 'embedded-pair-from' }, t.ui('pairConfirmFrom', { from })),
          h('p', { className: 'pairing-code', testId: 'embedded-pairing-code' }, code),
          h(
            'div',
            { className: 'actions' },
            action(t.ui('pairConfirmButton'), 'embedded-pair-confirm-button', () => joinStart(code, undefined, true), { primary: true }),
            button(t.ui('notNow'), 'embedded-back-button', () => void go.home(), false),
          ),
        ])
      },
      // An expired, used or unknown code: the join screen with the code and why, nothing claimed.
      (message) => joinStart(code, message),
    )
  }

  /** The new device: the code (typed, or from a confirmed pairing link, then sent at once). */
  function joinStart(code?: string, error?: string, submitNow = false) {
    discardRecovery()
    const submit = (typed: string) =>
      void run(
        t.ui('verifying'),
        async () => {
          discardRecovery()
          kit.state.joining = await wallet.joinWithCode(typed)
          joinWaiting(kit.state.joining)
        },
        (message) => joinStart(typed, message),
      )
    screen(
      'join',
      [
        form(
          (data) => submit(String(data.get('code') ?? '')),
          h('p', { className: 'muted' }, t.ui('joinIntro')),
          field('code', t.ui('pairCodeLabel'), 'embedded-pair-code-input', { type: 'text', autocomplete: 'off', autocapitalize: 'characters', spellcheck: 'false', maxlength: '13', className: 'input code' }),
          h('div', { className: 'actions' }, h('button', { type: 'submit', className: 'button primary', testId: 'embedded-pair-code-button' }, t.ui('chooseContinue')), button(t.ui('back'), 'embedded-back-button', () => void go.home())),
        ),
      ],
      error,
    )
    const input = root.querySelector<HTMLInputElement>('[data-testid="embedded-pair-code-input"]')
    if (input && code) input.value = code
    if (code && submitNow) submit(code)
  }

  /** The new device shows the fingerprint and waits for the other device's approval. */
  function joinWaiting(device: JoiningDevice) {
    const stop = new AbortController()
    kit.state.stopWaiting = stop
    screen('joinWaiting', [
      h('p', { className: 'muted' }, t.ui('joinCompare')),
      h('p', { className: 'fingerprint', testId: 'embedded-pairing-fingerprint' }, device.fingerprint),
      h('p', { className: 'muted', role: 'status' }, t.ui('joinWaiting')),
      h('div', { className: 'spinner', 'aria-hidden': 'true' }),
      h('div', { className: 'actions' }, button(t.ui('back'), 'embedded-back-button', () => joinStart())),
    ])
    device.waitForApproval(stop.signal).then(
      (address) => !stop.signal.aborted && joinPasskey(device, address),
      (caught: unknown) => !stop.signal.aborted && joinStart(undefined, messageOf(caught, t)),
    )
  }

  function joinPasskey(device: JoiningDevice, address: Address, error?: string) {
    screen(
      'joinPasskey',
      [
        h('p', { className: 'muted', testId: 'embedded-join-address' }, t.ui('joinPasskeyIntro', { address })),
        action(
          t.ui('newPasskey'),
          'embedded-join-passkey-button',
          () =>
            void run(
              t.ui('joining'),
              async () => {
                try {
                  await device.finish()
                } catch (caught) {
                  if ((caught as { code?: unknown } | null)?.code !== 'embedded_passkey_cancelled') discardRecovery()
                  throw caught
                }
                kit.state.joining = undefined
                // This device now holds the wallet, unlocked: it shows a recovery under way, as any unlock does.
                await go.reviewRecoveries(address, () => close(address))
              },
              (message) => (kit.state.joining ? joinPasskey(device, address, message) : joinStart(undefined, message)),
            ),
          { primary: true, autofocus: true },
        ),
        button(t.ui('back'), 'embedded-back-button', () => joinStart()),
      ],
      error,
    )
  }

  return { addDevice, compareDevice, joinConfirm, joinStart, joinWaiting, joinPasskey }
}
