'use client'
import { disconnect } from '@wagmi/core'
import { useConfig } from 'wagmi'
import { useT } from '@sigil/lib/i18n/useT'

/** Ends the wallet connection; the page then ends the server session (useEndSessionOnDisconnect). */
export function DisconnectButton({ onDisconnect }: { onDisconnect?: (() => void) | undefined }) {
  const t = useT()
  const config = useConfig()
  return (
    <button
      type="button"
      className="button"
      data-testid="disconnect-button"
      onClick={async () => {
        onDisconnect?.()
        try {
          await disconnect(config)
        } catch {
          // The connector failed to tell the wallet; wagmi's state is cleared regardless on the next
          // reconnect attempt, and there is nothing the user can do about it here.
        }
      }}
    >
      {t('disconnect.button')}
    </button>
  )
}
