'use client'
// The browser's registry of the families: every family's connector, each loading its SDK on first
// use (WalletConnect's provider among them, which imports AppKit for the QR modal Sigil turns off).
import { families } from '@sigil/connectors/families'

export function Families() {
  return (
    <ul>
      {families.map((family) => (
        <li key={family.id}>{family.id}</li>
      ))}
    </ul>
  )
}
