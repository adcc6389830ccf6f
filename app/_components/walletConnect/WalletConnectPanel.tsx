'use client'
import type { FamilyPanelProps } from '../familyPanelProps'

/** Placeholder until the family's view lands. */
export function WalletConnectPanel({ onBack }: FamilyPanelProps) {
  return (
    <button type="button" className="button" onClick={onBack}>
      Back
    </button>
  )
}
