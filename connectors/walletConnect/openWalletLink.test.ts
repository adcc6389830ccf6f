import { describe, expect, it, vi } from 'vitest'
import { openWalletLink } from './openWalletLink'

function fakeDocument() {
  const anchors: { href: string; target: string; rel: string; clicked: number }[] = []
  return {
    anchors,
    document: {
      createElement: () => {
        const anchor = { href: '', target: '', rel: '', clicked: 0, click: () => void (anchor.clicked += 1) }
        anchors.push(anchor)
        return anchor
      },
    } as unknown as Pick<Document, 'createElement'>,
  }
}

describe('openWalletLink', () => {
  it('opens a universal link by clicking a target=_blank, noopener anchor (the iOS webview workaround), never by navigating away', () => {
    const { anchors, document } = fakeDocument()
    const assign = vi.fn()
    openWalletLink('https://metamask.app.link/wc?uri=wc%3Aabc', { document, assign })
    expect(anchors).toEqual([expect.objectContaining({ href: 'https://metamask.app.link/wc?uri=wc%3Aabc', target: '_blank', rel: 'noreferrer noopener', clicked: 1 })])
    expect(assign).not.toHaveBeenCalled()
  })

  it('hands wc: URIs and custom schemes to the system with location.assign', () => {
    const { anchors, document } = fakeDocument()
    const assign = vi.fn()
    openWalletLink('wc:abc@2?relay-protocol=irn&symKey=01', { document, assign })
    openWalletLink('rainbow://wc?uri=wc%3Aabc', { document, assign })
    expect(assign.mock.calls).toEqual([['wc:abc@2?relay-protocol=irn&symKey=01'], ['rainbow://wc?uri=wc%3Aabc']])
    expect(anchors).toEqual([])
  })
})
