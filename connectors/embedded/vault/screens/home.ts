import type { Address } from 'viem'
import type { PendingRecovery } from '@sigil/lib/embedded/apiTypes'
import { h } from '../dom'
import { formatDate, pointsToRecovery, type ScreenKit, type Screens } from './kit'

/** The first screen (this device's wallet, or the create form), Unlock, and the owner's veto of a recovery someone started. */
export function homeScreens(kit: ScreenKit, go: Screens): Pick<Screens, 'home' | 'unlock' | 'recoveryAlert' | 'reviewRecoveries'> {
  const { screen, close, run, emailField, form, button, action, wallet, t, root, parameters } = kit

  /**
   * The first screen: this device's wallet (unlock, reveal, recover, create another), else the create
   * form. `lostPasskey`: the passkey failed, so the error says how to recover by email, with the button
   * that starts it for the wallet's email.
   */
  async function home(options: { creating?: boolean; error?: string; lostPasskey?: boolean; stay?: boolean; unlocked?: boolean } = {}) {
    const [records, started] = await Promise.all([wallet.list().catch(() => []), wallet.startedRecovery().catch(() => undefined)])
    // Coming back to a recovery this browser started: that first, "Finish recovery" focused, no other form above it.
    if (started?.state === 'started' && !options.stay && !options.creating && !options.error) return go.recoverWaiting(started)
    const newest = records[0]
    // A recovery this browser started earlier (its cookie outlives the delay): the way back to finish it.
    const comeBack =
      started?.state === 'started'
        ? h(
            'div',
            { className: 'stack', testId: 'embedded-recovery-here' },
            h('p', { className: 'muted' }, t.ui('recoveryPendingHere', { address: started.address })),
            h('div', { className: 'actions' }, button(t.ui('recoveryFinish'), 'embedded-recovery-resume-button', () => go.recoverWaiting(started), true)),
          )
        : undefined
    if (newest && !options.creating) {
      const recoverHere =
        options.lostPasskey && options.error
          ? [
              h('p', { className: 'muted', id: 'lost-passkey-hint', testId: 'embedded-lost-passkey' }, t.ui('lostPasskey')),
              h(
                'div',
                { className: 'actions' },
                h('button', { type: 'button', className: 'button primary', testId: 'embedded-lost-passkey-recover-button', 'aria-describedby': 'lost-passkey-hint', onclick: () => go.recoverEmail(undefined, newest.email) }, t.ui('recover')),
              ),
            ]
          : []
      screen(
        'home',
        [
          // In the vault's own tab, after Unlock: what it did (nothing to hand to a page here).
          options.unlocked && h('p', { role: 'status', testId: 'embedded-unlocked' }, t.ui('unlockedHere', { address: newest.address })),
          h('p', { className: 'muted' }, t.ui('existing')),
          h('p', { className: 'mono', testId: 'embedded-existing-address' }, newest.address),
          h(
            'div',
            { className: 'actions' },
            action(t.ui('unlock'), 'embedded-unlock-button', () => unlock(newest.address), { primary: true }),
            parameters.manage && action(t.ui('reveal'), 'embedded-reveal-button', () => go.reveal(newest.address)),
          ),
          parameters.manage
            ? h('div', { className: 'actions' }, action(t.ui('addDevice'), 'embedded-add-device-button', () => go.addDevice(newest.address)), button(t.ui('activity'), 'embedded-activity-button', () => go.activity(newest.address)))
            : parameters.openManager &&
                h(
                  'div',
                  { className: 'stack' },
                  h('div', { className: 'actions' }, action(t.ui('manage'), 'embedded-manage-button', parameters.openManager, { describedBy: 'manage-hint' })),
                  h('p', { className: 'muted', id: 'manage-hint' }, t.ui('manageHint')),
                ),
          h('div', { className: 'actions' }, button(t.ui('recover'), 'embedded-recover-button', () => go.recoverEmail()), button(t.ui('createAnother'), 'embedded-new-wallet-button', () => void home({ creating: true }))),
          h('div', { className: 'actions' }, button(t.ui('haveElsewhere'), 'embedded-join-button', () => go.joinStart())),
          comeBack,
        ],
        options.error,
        recoverHere,
      )
      root.querySelector<HTMLElement>(`[data-testid="embedded-${recoverHere.length > 0 ? 'lost-passkey-recover' : options.unlocked ? 'add-device' : 'unlock'}-button"]`)?.focus()
      return
    }
    screen(
      'home',
      [
        form(
          (data) => go.createStart(String(data.get('email') ?? '')),
          h('p', { className: 'muted' }, t.ui('intro')),
          emailField('embedded-email-input'),
          h('div', { className: 'actions' }, h('button', { type: 'submit', className: 'button primary', testId: 'embedded-create-button' }, t.ui('create')), button(t.ui('recover'), 'embedded-recover-button', () => go.recoverEmail())),
          h('div', { className: 'actions' }, button(t.ui('haveElsewhere'), 'embedded-join-button', () => go.joinStart())),
        ),
        comeBack,
      ],
      options.error,
    )
  }

  function unlock(address: Address) {
    void run(
      t.ui('unlocking'),
      async () => {
        await wallet.unlock(address)
        // In the vault's own tab there is no page to hand the wallet to: say what the unlock did.
        await reviewRecoveries(address, () => (parameters.manage ? void home({ unlocked: true }) : close(address)))
      },
      (error, caught) => home({ error, lostPasskey: pointsToRecovery(caught) }),
    )
  }

  /**
   * After any unlock (the Unlock button, a joined device, a finished recovery): the owner's veto. A
   * recovery someone started by email is shown on the device that holds the wallet while its key is
   * still locked; every one of them, in turn (a stranger may start two, and the owner who cancels the
   * first must see the second), then the wallet goes to the page. None waiting: `otherwise`. A failed
   * check never blocks the unlock.
   */
  async function reviewRecoveries(address: Address, otherwise: () => void) {
    const pending = await wallet.pendingRecoveries().catch(() => [])
    if (pending[0]) recoveryAlert(address, pending[0], undefined, pending.slice(1))
    else otherwise()
  }

  /**
   * "A recovery of this wallet started on … from … — Cancel": one passkey touch cancels it. `rest`:
   * the other recoveries waiting, each shown next (after a cancel, the server is asked again).
   */
  function recoveryAlert(address: Address, recovery: PendingRecovery, error?: string, rest: readonly PendingRecovery[] = []) {
    const next = (waiting: readonly PendingRecovery[]) => (waiting[0] ? recoveryAlert(address, waiting[0], undefined, waiting.slice(1)) : close(address))
    const from = recovery.place ? `${recovery.browser}, ${recovery.place}` : recovery.browser
    screen(
      'recoveryAlert',
      [
        h('p', { role: 'alert', className: 'error', testId: 'embedded-recovery-alert' }, t.ui('recoveryAlert', { date: formatDate(recovery.startedAt, parameters.locale), from })),
        h(
          'div',
          { className: 'actions' },
          action(
            t.ui('cancelRecovery'),
            'embedded-veto-button',
            () =>
              void run(
                t.ui('cancellingRecovery'),
                async () => {
                  await wallet.cancelRecovery(recovery.recoveryId)
                  // Asked again: one started meanwhile is shown too, the one just cancelled is not.
                  const waiting = (await wallet.pendingRecoveries().catch(() => rest)).filter((other) => other.recoveryId !== recovery.recoveryId)
                  screen('recoveryCancelled', [
                    h('p', { role: 'status', testId: 'embedded-recovery-cancelled' }, t.ui('recoveryCancelledHere')),
                    h('div', { className: 'actions' }, button(t.ui('continue'), 'embedded-continue-button', () => next(waiting), true)),
                  ])
                },
                (message) => recoveryAlert(address, recovery, message, rest),
              ),
            { primary: true, autofocus: true },
          ),
          button(t.ui('keepRecovery'), 'embedded-keep-recovery-button', () => next(rest)),
        ),
      ],
      error,
    )
  }

  return { home, unlock, recoveryAlert, reviewRecoveries }
}
