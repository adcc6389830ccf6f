import { describe, expect, it } from 'vitest'
import { createRequestAdmission, MAX_WAITING_REQUESTS } from './requestAdmission'

describe('createRequestAdmission', () => {
  it('takes each request id once: a replayed id is ignored, never acted on twice', () => {
    const admission = createRequestAdmission()
    expect(admission.check('a1', { waiting: 0 })).toEqual({ verdict: 'admit' })
    expect(admission.check('a1', { waiting: 0 })).toEqual({ verdict: 'ignore' })
    expect(admission.check('a1', undefined)).toEqual({ verdict: 'ignore' })
    expect(admission.check('a2', undefined)).toEqual({ verdict: 'admit' })
  })

  it(`refuses with -32005 once ${MAX_WAITING_REQUESTS} requests wait, and admits again when fewer do`, () => {
    const admission = createRequestAdmission()
    for (let waiting = 0; waiting < MAX_WAITING_REQUESTS; waiting++) expect(admission.check(`r${waiting}`, { waiting }).verdict).toBe('admit')
    const refused = admission.check('r-flood', { waiting: MAX_WAITING_REQUESTS })
    expect(refused.verdict).toBe('refuse')
    if (refused.verdict !== 'refuse') return
    expect(refused.error.code).toBe(-32005)
    expect(refused.error.message).toMatch(/^Too many requests waiting: 8 already wait/)
    expect(refused.error.toJSON().data).toEqual({ reason: 'too_many_requests_waiting', code: undefined })
    expect(admission.check('r-later', { waiting: MAX_WAITING_REQUESTS - 1 }).verdict).toBe('admit')
  })

  it('remembers a bounded number of ids, oldest forgotten first', () => {
    const admission = createRequestAdmission({ rememberedIds: 3 })
    for (const id of ['a', 'b', 'c', 'd']) admission.check(id, undefined)
    expect(admission.check('d', undefined).verdict).toBe('ignore')
    expect(admission.check('a', undefined).verdict).toBe('admit')
  })
})
