'use client'
import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react'
import type { Confirmations, PendingConfirmation } from '@/connectors/embedded/confirmation/confirmations'
import type { ConfirmationDetails } from '@/connectors/embedded/confirmation/describe'
import { APPROVE_CONTROL_ATTRIBUTE } from '@/connectors/embedded/confirmation/trustedActivation'
import { embeddedConfirmation, type EmbeddedConfirmationKey } from '@/lib/i18n/embeddedConfirmation'
import { useFamilyT } from '@/lib/i18n/useT'

const NOTHING: readonly PendingConfirmation[] = []

function Fact({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  )
}

type Tc = (key: EmbeddedConfirmationKey, values?: Record<string, string | number>) => string

function title(details: ConfirmationDetails, tc: Tc): string {
  if (details.kind === 'message') return details.signIn ? tc('signIn.title', { domain: details.signIn.domain }) : tc('message.title')
  if (details.kind === 'typedData') return tc('typedData.title')
  return details.send ? tc('transaction.title') : tc('transaction.signTitle')
}

function Details({ details, host }: { details: ConfirmationDetails; host: string }) {
  const tc = useFamilyT('embeddedConfirmation', embeddedConfirmation)
  if (details.kind === 'message') {
    const { signIn } = details
    return (
      <>
        {signIn && (
          <>
            <p>{tc('signIn.intro', { domain: signIn.domain })}</p>
            {!signIn.matchesPage && (
              <p role="alert" className="error-text" data-testid="confirm-other-site">
                {tc('signIn.otherSite', { domain: signIn.domain, host })}
              </p>
            )}
          </>
        )}
        <dl className="facts">
          {details.text !== undefined ? (
            <Fact label={tc('message.text')} testId="confirm-message">
              <pre className="signature">{details.text}</pre>
            </Fact>
          ) : (
            <Fact label={tc('message.hex')} testId="confirm-message">
              <code className="signature">{details.hex}</code>
            </Fact>
          )}
        </dl>
      </>
    )
  }
  if (details.kind === 'typedData') {
    const { domain } = details
    return (
      <dl className="facts" data-testid="confirm-typed-data">
        {domain.name && <Fact label={tc('typedData.domain')}>{domain.version ? `${domain.name} (${domain.version})` : domain.name}</Fact>}
        {domain.chainId !== undefined && <Fact label={tc('typedData.chain')}>{domain.chainName ? `${domain.chainName} (${domain.chainId})` : domain.chainId}</Fact>}
        {domain.verifyingContract && (
          <Fact label={tc('typedData.contract')}>
            <span className="address">{domain.verifyingContract}</span>
          </Fact>
        )}
        <Fact label={tc('typedData.primaryType')}>{details.primaryType}</Fact>
        <Fact label={tc('typedData.fields')}>
          <ul className="plain-list">
            {details.fields.map((field) => (
              <li key={field.path}>
                <span className="muted">{field.path}</span> <span className="address">{field.value}</span>
              </li>
            ))}
            {details.hiddenFields > 0 && <li className="muted">{tc('typedData.more', { count: details.hiddenFields })}</li>}
          </ul>
        </Fact>
      </dl>
    )
  }
  return (
    <dl className="facts" data-testid="confirm-transaction">
      <Fact label={tc('transaction.to')} testId="confirm-to">
        <span className="address">{details.to ?? tc('transaction.create')}</span>
      </Fact>
      <Fact label={tc('transaction.value')} testId="confirm-value">
        {details.value} ETH
      </Fact>
      <Fact label={tc('transaction.data')} testId="confirm-data">
        {details.data ? (
          <>
            {details.selector && <span>{tc('transaction.selector', { selector: details.selector })} · </span>}
            <code className="signature">{details.data.length > 138 ? `${details.data.slice(0, 138)}…` : details.data}</code>
          </>
        ) : (
          tc('transaction.noData')
        )}
      </Fact>
      <Fact label={tc('transaction.chain')} testId="confirm-chain">
        {details.chainName} ({details.chainId})
      </Fact>
      <Fact label={tc('transaction.fee')} testId="confirm-fee">
        {details.maxFee !== undefined ? `${details.maxFee} ETH` : tc('transaction.feeUnknown')}
      </Fact>
    </dl>
  )
}

/**
 * The embedded wallet's confirmation sheet: a modal dialog the app renders for each request that
 * would use the key, with what it would sign or send read from the request itself. It takes the
 * focus (Reject first, so a stray Enter never approves). Approve counts only the user's own click
 * (connectors/embedded/confirmation/trustedActivation.ts): `element.click()` or a synthetic event
 * from a page script does nothing. Reject and Esc answer the request with 4001.
 */
export function ConfirmationSheet({ confirmations }: { confirmations: Confirmations }) {
  const tc = useFamilyT('embeddedConfirmation', embeddedConfirmation)
  const pending = useSyncExternalStore(confirmations.subscribe, confirmations.getSnapshot, () => NOTHING)
  const current = pending[0]
  const dialog = useRef<HTMLDialogElement>(null)
  const reject = useRef<HTMLButtonElement>(null)
  const titleId = useId()
  const [host] = useState(() => (typeof location === 'undefined' ? '' : location.host))

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (current && !element.open) element.showModal()
    if (!current && element.open) element.close()
    if (current) reject.current?.focus()
  }, [current])

  return (
    <dialog
      ref={dialog}
      className="dialog"
      aria-labelledby={titleId}
      data-testid="confirm-sheet"
      data-method={current?.method}
      onCancel={(event) => {
        event.preventDefault()
        if (current) confirmations.reject(current.id)
      }}
    >
      {current && (
        <div className="dialog-body">
          <div className="dialog-header">
            <h2 id={titleId} data-testid="confirm-title">
              {title(current.details, tc)}
            </h2>
          </div>
          <div className="dialog-scroll stack">
            <p className="muted" data-testid="confirm-origin">
              {tc('sheet.requestedBy', { host })}
            </p>
            <Details details={current.details} host={host} />
            {pending.length > 1 && <p className="muted">{tc('sheet.queued', { count: pending.length - 1 })}</p>}
            <div className="row end">
              <button ref={reject} type="button" className="button" data-testid="confirm-reject" onClick={() => confirmations.reject(current.id)}>
                {tc('sheet.reject')}
              </button>
              <button
                type="button"
                className="button primary"
                data-testid="confirm-approve"
                {...{ [APPROVE_CONTROL_ATTRIBUTE]: '' }}
                onClick={(event) => confirmations.approve(current.id, event.nativeEvent)}
              >
                {tc('sheet.approve')}
              </button>
            </div>
          </div>
        </div>
      )}
    </dialog>
  )
}
