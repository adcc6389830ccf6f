import { describe, expect, it } from 'vitest'
import { MAX_SHOWN_LABEL, truncateEnsName } from './truncateEnsName'

describe('truncateEnsName', () => {
  it('leaves names with short labels as they are', () => {
    expect(truncateEnsName('alice.eth')).toEqual({ shown: 'alice.eth', truncated: false })
    expect(truncateEnsName(`${'a'.repeat(MAX_SHOWN_LABEL)}.eth`)).toEqual({ shown: `${'a'.repeat(MAX_SHOWN_LABEL)}.eth`, truncated: false })
  })

  it('cuts a long label around a visible ellipsis, keeping its start, its end and the other labels', () => {
    expect(truncateEnsName('averyveryverylongnamethatgoesonandon.eth')).toEqual({ shown: 'averyveryver…andon.eth', truncated: true })
    expect(truncateEnsName('pay.averyveryverylongnamethatgoesonandon.eth').shown).toBe('pay.averyveryver…andon.eth')
  })

  it('counts what a reader sees as one character as one, never splitting an emoji', () => {
    const family = '👨‍👩‍👧'
    const shown = truncateEnsName(`${family.repeat(25)}.eth`).shown
    expect(shown).toBe(`${family.repeat(12)}…${family.repeat(5)}.eth`)
  })
})
