import type { Address } from 'viem'
import { h } from '../dom'
import type { RecoverySettings, WalletActivity } from '../wallet'
import { settingsFromLog } from '../wallet'
import type { VaultUiKey } from '../strings'
import { formatDate, messageOf, pointsToRecovery, type ScreenKit, type Screens } from './kit'

/** The label of a log entry's kind, in the page's language (unknown kinds by their own name). */
const EVENT_LABELS: Record<string, VaultUiKey> = {
  created: 'eventCreated',
  device_added: 'eventDeviceAdded',
  recovery_started: 'eventRecoveryStarted',
  recovery_key_released: 'eventRecoveryKeyReleased',
  recovery_completed: 'eventRecoveryCompleted',
  recovery_cancelled: 'eventRecoveryCancelled',
  settings_changed: 'eventSettingsChanged',
}

/** The log as the user downloads it: every entry with its hashes, and what the check here found. */
export function activityExport(activity: WalletActivity, exportedAt = new Date()) {
  return {
    format: 'sigil-wallet-log/v1',
    walletId: activity.walletId,
    address: activity.address,
    exportedAt: exportedAt.toISOString(),
    check: activity.check,
    events: activity.events.map((event) => ({ ...event, at: event.at.toISOString() })),
  }
}

/** The wallet's management, shown only in a vault tab the user opened (`manage`): Reveal, Activity and the recovery settings. */
export function manageScreens(kit: ScreenKit, go: Screens): Pick<Screens, 'reveal' | 'activity'> {
  const { screen, run, field, form, button, wallet, t, parameters } = kit

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
                void go.home()
              },
            },
            t.ui('hide'),
          ),
        ])
        phrase.textContent = words
      },
      (error, caught) => go.home({ error, lostPasskey: pointsToRecovery(caught) }),
    )
  }

  /** The least waits an owner may choose before an email recovery's key is released (null: the site's). */
  const DELAY_CHOICES: readonly [number | null, 'settingsDelayDefault' | 'settingsDelayWeek' | 'settingsDelayMonth'][] = [
    [null, 'settingsDelayDefault'],
    [7 * 86_400, 'settingsDelayWeek'],
    [30 * 86_400, 'settingsDelayMonth'],
  ]

  /** The owner's recovery settings: email recovery on or off, and a longer wait; saved with one passkey touch. */
  function settingsForm(address: Address, current: RecoverySettings) {
    const note = h('p', { className: 'muted', role: 'status', testId: 'embedded-settings-note' })
    const element = form(
      (data) => {
        const delay = data.get('delay')
        const settings: RecoverySettings = { emailRecovery: data.get('emailRecovery') === 'on', recoveryDelaySeconds: delay ? Number(delay) : null }
        note.textContent = t.ui('approving')
        wallet.saveSettings(address, settings).then(
          () => {
            note.textContent = t.ui('settingsSaved')
          },
          (error: unknown) => {
            note.textContent = messageOf(error, t)
          },
        )
      },
      h('h2', {}, t.ui('settingsHeading')),
      h(
        'label',
        { className: 'choice' },
        h('input', { type: 'checkbox', name: 'emailRecovery', testId: 'embedded-settings-email', ...(current.emailRecovery ? { checked: true } : {}) }),
        h('span', {}, t.ui('settingsEmail')),
      ),
      h('p', { className: 'muted' }, t.ui('settingsEmailOff')),
      h(
        'div',
        { className: 'field' },
        h('label', { for: 'field-embedded-settings-delay' }, t.ui('settingsDelay')),
        h(
          'select',
          { id: 'field-embedded-settings-delay', name: 'delay', className: 'input', testId: 'embedded-settings-delay' },
          DELAY_CHOICES.map(([seconds, label]) => h('option', { value: seconds === null ? '' : String(seconds), ...(current.recoveryDelaySeconds === seconds ? { selected: true } : {}) }, t.ui(label))),
        ),
      ),
      h('button', { type: 'submit', className: 'button', testId: 'embedded-settings-save' }, t.ui('settingsSave')),
      note,
    )
    return element
  }

  /** The wallet's log, checked here: each entry with its date, and "verified" or a warning. */
  function activity(address: Address) {
    void run(
      t.ui('unlocking'),
      async () => {
        const log = await wallet.activity(address)
        const status = log.check.ok
          ? h('p', { className: 'verified', role: 'status', testId: 'embedded-activity-check', 'data-verified': 'true' }, t.ui('activityVerified', { count: log.check.entries }))
          : h('p', { className: 'error', role: 'alert', testId: 'embedded-activity-check', 'data-verified': 'false' }, t.ui('activityBroken', { seq: log.check.brokenAt }))
        const items = log.events
          .slice()
          .reverse()
          .map((event) =>
            h(
              'li',
              { testId: 'embedded-activity-entry', 'data-kind': event.kind },
              h('strong', {}, Object.hasOwn(EVENT_LABELS, event.kind) ? t.ui(EVENT_LABELS[event.kind]!) : event.kind),
              ' ',
              h('time', { className: 'muted', datetime: event.at.toISOString() }, formatDate(event.at.toISOString(), parameters.locale)),
            ),
          )
        screen('activity', [
          h('p', { className: 'muted' }, t.ui('activityIntro')),
          status,
          h('ol', { className: 'activity' }, items),
          // Only from a log whose chain checks out here: the form starts from what the log says.
          log.check.ok && settingsForm(address, settingsFromLog(log.events)),
          h(
            'div',
            { className: 'actions' },
            button(t.ui('export'), 'embedded-activity-export-button', () => {
              const blob = new Blob([JSON.stringify(activityExport(log), null, 2)], { type: 'application/json' })
              const url = URL.createObjectURL(blob)
              const link = h('a', { href: url, download: `sigil-wallet-log-${log.address}.json` })
              document.body.append(link)
              link.click()
              link.remove()
              setTimeout(() => URL.revokeObjectURL(url), 10_000)
            }),
            button(t.ui('back'), 'embedded-back-button', () => void go.home()),
          ),
        ])
      },
      (error) => go.home({ error }),
    )
  }

  return { reveal, activity }
}
