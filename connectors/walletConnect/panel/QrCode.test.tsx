// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react'
import { create } from 'qrcode'
import { afterEach, describe, expect, it } from 'vitest'
import { QrCode } from './QrCode'

const QUIET_ZONE = 4

/** The module matrix drawn by the SVG: one `M<x> <y>h1v1h-1z` square per dark module, offset by the quiet zone. */
function matrixFromSvg(svg: SVGSVGElement): boolean[][] {
  const size = Number(svg.getAttribute('viewBox')!.split(' ')[2]) - 2 * QUIET_ZONE
  const matrix = Array.from({ length: size }, () => Array<boolean>(size).fill(false))
  const d = svg.querySelector('path')!.getAttribute('d')!
  for (const [, x, y] of d.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    matrix[Number(y) - QUIET_ZONE]![Number(x) - QUIET_ZONE] = true
  }
  return matrix
}

function expectedMatrix(value: string): boolean[][] {
  const { modules } = create(value, { errorCorrectionLevel: 'M' })
  return Array.from({ length: modules.size }, (_, row) => Array.from({ length: modules.size }, (_, column) => Boolean(modules.get(row, column))))
}

afterEach(cleanup)

describe('QrCode', () => {
  const uri = `wc:${'a1'.repeat(32)}@2?relay-protocol=irn&symKey=${'7f'.repeat(32)}&expiryTimestamp=1766300000`

  it('draws exactly the modules of the URI’s QR code (level M), inside a 4-module quiet zone', () => {
    const { getByTestId } = render(<QrCode value={uri} label="QR code" testId="qr" />)
    const svg = getByTestId('qr') as unknown as SVGSVGElement
    expect(matrixFromSvg(svg)).toEqual(expectedMatrix(uri))
    expect(svg.getAttribute('data-uri')).toBe(uri)
  })

  it('carries no style attribute (the CSP admits inline styles only where nothing else works)', () => {
    const { getByTestId } = render(<QrCode value={uri} label="QR code" testId="qr" />)
    expect(getByTestId('qr').hasAttribute('style')).toBe(false)
    expect(getByTestId('qr').getAttribute('class')).toBeTruthy()
  })

  it('redraws for a new URI: the matrix follows the value, not the first render', () => {
    const next = uri.replace('a1a1', 'b2b2')
    const { getByTestId, rerender } = render(<QrCode value={uri} label="QR code" testId="qr" />)
    rerender(<QrCode value={next} label="QR code" testId="qr" />)
    const drawn = matrixFromSvg(getByTestId('qr') as unknown as SVGSVGElement)
    expect(drawn).toEqual(expectedMatrix(next))
    expect(drawn).not.toEqual(expectedMatrix(uri))
  })
})
