import { type ApprovalGuard, createApprovalGuard, isOwnActivation } from './approval'
import type { ConfirmationDetails } from './describe'
import { h, show } from './dom'
import { trapFocus } from './focusTrap'
import type { VaultChain } from '@sigil/lib/embedded/vaultPageConfig'
import type { VaultStrings } from './strings'

/**
 * The confirmation sheet, drawn by the vault for each request that would use the key, one at a time.
 * What it shows is read from the vault's own copy of the request (signing.ts). Reject has the focus
 * first, so a stray Enter never approves; Esc rejects. Approve counts only the user's own activation
 * of the button this sheet made, while the approval guard says the sheet is seen and settled.
 */
export type SheetItem = {
  readonly method: string
  readonly details: ConfirmationDetails
  readonly address: string
  readonly chain: VaultChain
  /** The origin that sent the request (the browser's word: `MessageEvent.origin`). */
  readonly origin: string
  /** Lines of plain words for what the request does (clear signing), shown first when known. */
  readonly summary?: readonly { text: string; strong?: boolean }[][] | undefined
  readonly warnings?: readonly string[] | undefined
}

type Sheet = ReturnType<typeof createSheet>

function title(details: ConfirmationDetails, t: VaultStrings): string {
  if (details.kind === 'message') return details.signIn ? t.sheet('signIn.title', { domain: details.signIn.domain }) : t.sheet('message.title')
  if (details.kind === 'typedData') return t.sheet('typedData.title')
  return details.send ? t.sheet('transaction.title') : t.sheet('transaction.signTitle')
}

function fact(label: string, value: Node | string, testId?: string): HTMLElement {
  return h('div', {}, h('dt', {}, label), h('dd', { testId }, value))
}

function detailsOf(item: SheetItem, t: VaultStrings): Node[] {
  const { details } = item
  const host = new URL(item.origin).host
  if (details.kind === 'message') {
    const nodes: Node[] = []
    if (details.signIn) {
      nodes.push(h('p', {}, t.sheet('signIn.intro', { domain: details.signIn.domain })))
      if (!details.signIn.matchesPage) nodes.push(h('p', { role: 'alert', className: 'error', testId: 'confirm-other-site' }, t.sheet('signIn.otherSite', { domain: details.signIn.domain, host })))
    }
    nodes.push(
      h(
        'dl',
        { className: 'facts' },
        details.text !== undefined
          ? fact(t.sheet('message.text'), h('pre', { className: 'mono' }, details.text), 'confirm-message')
          : fact(t.sheet('message.hex'), h('code', { className: 'mono' }, details.hex), 'confirm-message'),
      ),
    )
    return nodes
  }
  if (details.kind === 'typedData') {
    const { domain } = details
    return [
      h(
        'dl',
        { className: 'facts', testId: 'confirm-typed-data' },
        domain.name && fact(t.sheet('typedData.domain'), domain.version ? `${domain.name} (${domain.version})` : domain.name),
        domain.chainId !== undefined && fact(t.sheet('typedData.chain'), domain.chainName ? `${domain.chainName} (${domain.chainId})` : String(domain.chainId)),
        domain.verifyingContract && fact(t.sheet('typedData.contract'), h('span', { className: 'mono' }, domain.verifyingContract)),
        fact(t.sheet('typedData.primaryType'), details.primaryType),
        fact(
          t.sheet('typedData.fields'),
          h(
            'ul',
            { className: 'plain', testId: 'confirm-fields' },
            details.fields.map((field) => h('li', {}, h('span', { className: 'muted' }, field.path), ' ', h('span', { className: 'mono' }, field.value))),
            details.hiddenFields > 0 && h('li', { className: 'muted' }, t.sheet('typedData.more', { count: details.hiddenFields })),
          ),
        ),
      ),
    ]
  }
  const data = details.data
  return [
    h(
      'dl',
      { className: 'facts', testId: 'confirm-transaction' },
      fact(t.sheet('transaction.to'), h('span', { className: 'mono' }, details.to ?? t.sheet('transaction.create')), 'confirm-to'),
      fact(t.sheet('transaction.value'), `${details.value} ${item.chain.symbol}`, 'confirm-value'),
      fact(
        t.sheet('transaction.data'),
        data
          ? h('span', {}, details.selector && `${t.sheet('transaction.selector', { selector: details.selector })} · `, h('code', { className: 'mono' }, data.length > 138 ? `${data.slice(0, 138)}…` : data))
          : t.sheet('transaction.noData'),
        'confirm-data',
      ),
      fact(t.sheet('transaction.fee'), details.maxFee !== undefined ? `${details.maxFee} ${item.chain.symbol}` : t.sheet('transaction.feeUnknown'), 'confirm-fee'),
    ),
  ]
}

export function createSheet(parameters: { root: HTMLElement; mode: 'frame' | 'popup'; t: VaultStrings; /** The vault's one guard, shared with its screens (one made here without it). */ guard?: ApprovalGuard }) {
  const { root, t } = parameters
  let timer: ReturnType<typeof setTimeout> | undefined
  let release: (() => void) | undefined
  let current: { approve: HTMLButtonElement; refresh(): void; queued: HTMLElement; reject: HTMLButtonElement } | undefined
  const guard = parameters.guard ?? createApprovalGuard({ mode: parameters.mode })
  guard.subscribe(() => current?.refresh())

  return {
    /**
     * Shows `item` and calls `onDecision` once: `true` for the user's own Approve, `false` for
     * Reject or Esc. `queued`: how many more wait behind it.
     */
    present(item: SheetItem, queued: number, onDecision: (approved: boolean) => void): void {
      release?.()
      clearTimeout(timer)
      let decided = false
      const decide = (approved: boolean) => {
        if (decided) return
        decided = true
        onDecision(approved)
      }
      const reject = h('button', { type: 'button', className: 'button', testId: 'confirm-reject', onclick: () => decide(false) }, t.sheet('sheet.reject'))
      const approve: HTMLButtonElement = h('button', { type: 'button', className: 'button primary', testId: 'confirm-approve', 'aria-disabled': 'true' }, t.sheet('sheet.approve'))
      approve.addEventListener('click', (event) => {
        // This very button, the user's own activation, the sheet seen and settled.
        if (!isOwnActivation(event, approve) || !guard.isLive(event, approve)) return
        decide(true)
      })
      const refresh = () => {
        const live = guard.isLive()
        approve.setAttribute('aria-disabled', String(!live))
        approve.dataset.live = String(live)
        clearTimeout(timer)
        const wait = guard.remaining()
        if (!live && Number.isFinite(wait)) timer = setTimeout(refresh, wait + 5)
      }
      const titleId = 'sheet-title'
      const queuedLine = h('p', { className: 'muted', testId: 'confirm-queued', hidden: queued === 0 }, t.sheet('sheet.queued', { count: queued }))
      const account = h('p', { className: 'muted', testId: 'confirm-account' }, t.sheet('clear.account'), ': ', h('span', { className: 'mono' }, item.address))
      const sheet = h(
        'section',
        { className: 'card sheet', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': titleId, testId: 'confirm-sheet', 'data-method': item.method },
        h('p', { className: 'muted', testId: 'confirm-origin' }, t.sheet('sheet.requestedBy', { host: new URL(item.origin).host })),
        h('h1', { id: titleId, testId: 'confirm-title' }, title(item.details, t)),
        item.summary &&
          h(
            'div',
            { className: 'summary', testId: 'confirm-summary' },
            item.summary.map((line) => h('p', {}, line.map((part) => (part.strong ? h('strong', {}, part.text) : part.text)))),
          ),
        item.warnings?.length && h('div', { className: 'warnings', role: 'alert', testId: 'confirm-warnings' }, h('ul', {}, item.warnings.map((warning) => h('li', {}, warning)))),
        account,
        h('p', { className: 'muted', testId: 'confirm-chain' }, `${t.sheet('transaction.chain')}: ${item.chain.name} (${item.chain.id})`),
        detailsOf(item, t),
        queuedLine,
        h('div', { className: 'actions' }, reject, approve),
      )
      sheet.addEventListener('keydown', (event) => {
        if (event.key === 'Escape') {
          event.preventDefault()
          decide(false)
        }
      })
      show(root, sheet)
      // On a phone the sheet opens at its top: who asks, then what, then the buttons.
      root.scrollTop = 0
      window.scrollTo(0, 0)
      current = { approve, refresh, queued: queuedLine, reject }
      release = trapFocus(sheet)
      guard.observe(sheet)
      guard.restart()
      refresh()
      reject.focus()
    },
    /** More requests arrived behind the one shown: "N more waiting". */
    setQueued(count: number): void {
      if (!current) return
      current.queued.hidden = count === 0
      current.queued.textContent = t.sheet('sheet.queued', { count })
    },
    /** The control that should have the focus when the vault's frame gets it (Reject). */
    focusTarget(): HTMLElement | undefined {
      return current?.reject
    },
    clear(): void {
      release?.()
      release = undefined
      clearTimeout(timer)
      current = undefined
      show(root)
    },
  }
}
