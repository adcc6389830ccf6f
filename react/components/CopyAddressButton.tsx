'use client'
import { useEffect, useState } from 'react'
import { useT } from '@sigil/lib/i18n/useT'

/** Clipboard API first; the selection fallback covers browsers that refuse it without a permission. */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    const area = document.createElement('textarea')
    area.value = text
    area.setAttribute('readonly', '')
    area.style.position = 'fixed'
    area.style.opacity = '0'
    document.body.append(area)
    area.select()
    try {
      return document.execCommand('copy')
    } finally {
      area.remove()
    }
  }
}

export function CopyAddressButton({ address }: { address: string }) {
  const t = useT()
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle')
  useEffect(() => {
    if (state === 'idle') return
    const timer = setTimeout(() => setState('idle'), 2000)
    return () => clearTimeout(timer)
  }, [state])

  const result = state === 'copied' ? t('account.copied') : state === 'failed' ? t('account.copyFailed') : undefined
  return (
    <>
      <button
        type="button"
        className="button small"
        data-testid="copy-address"
        // Named "Copy address" while idle; then by the result it shows, which the status also announces.
        aria-label={result === undefined ? t('account.copy') : undefined}
        onClick={async () => setState((await copyText(address)) ? 'copied' : 'failed')}
      >
        {result ?? t('account.copyShort')}
      </button>
      <span className="visually-hidden" role="status">
        {result}
      </span>
    </>
  )
}
