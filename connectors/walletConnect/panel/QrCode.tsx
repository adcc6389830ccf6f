'use client'
import { create } from 'qrcode/lib/core/qrcode.js'
import { useMemo } from 'react'
import styles from './QrCode.module.css'

/**
 * A QR code drawn locally as one SVG path (the `qrcode` package's encoder computes the modules; nothing is
 * fetched and no markup is injected). Dark modules on white with a quiet zone, whatever the page's
 * colour scheme, so phone cameras read it. Styled by a class, not a `style` attribute: the page's CSP
 * keeps inline styles to attributes it cannot avoid (server/http/securityHeaders.ts).
 */
export function QrCode({ value, label, testId }: { value: string; label: string; testId?: string }) {
  const { size, path } = useMemo(() => {
    const { modules } = create(value, { errorCorrectionLevel: 'M' })
    let d = ''
    for (let row = 0; row < modules.size; row++) {
      for (let column = 0; column < modules.size; column++) {
        if (modules.get(row, column)) d += `M${column + 4} ${row + 4}h1v1h-1z`
      }
    }
    return { size: modules.size + 8, path: d }
  }, [value])
  return (
    <svg
      role="img"
      aria-label={label}
      data-testid={testId}
      data-uri={value}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className={styles.qr}
    >
      <path d={path} fill="#000000" />
    </svg>
  )
}
