// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { APPROVE_CONTROL_ATTRIBUTE, isTrustedApproval } from './trustedActivation'

/** An approve button in the document whose click handler records what it received. */
function approveButton() {
  const button = document.createElement('button')
  button.setAttribute(APPROVE_CONTROL_ATTRIBUTE, '')
  const seen: Event[] = []
  button.addEventListener('click', (event) => seen.push(event))
  document.body.append(button)
  return { button, seen }
}

const activeUser = { userActivation: { isActive: true } }

describe('isTrustedApproval: only the user’s own click approves', () => {
  afterEach(() => {
    document.body.innerHTML = ''
  })

  it('refuses element.click() and a dispatched click from a page script', () => {
    const { button, seen } = approveButton()
    button.click()
    button.dispatchEvent(new MouseEvent('click', { bubbles: true }))
    expect(seen).toHaveLength(2)
    expect(seen.map((event) => isTrustedApproval(event, activeUser))).toEqual([false, false])
  })

  it('refuses objects that only claim to be trusted events', () => {
    const { button } = approveButton()
    const plain = { isTrusted: true, type: 'click', target: button }
    const dressed = Object.create(MouseEvent.prototype, {
      isTrusted: { value: true },
      type: { value: 'click' },
      target: { value: button },
    }) as Event
    expect(isTrustedApproval(plain, activeUser)).toBe(false)
    expect(isTrustedApproval(dressed, activeUser)).toBe(false)
    expect(isTrustedApproval(undefined, activeUser)).toBe(false)
  })
})
