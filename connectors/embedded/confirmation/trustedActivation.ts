/**
 * Whether an event is the user's own action on an approve control, as far as a page can tell.
 *
 * A script in the page (an injected one, a compromised dependency) can call `element.click()`,
 * dispatch a synthetic `MouseEvent`, or hand our handler a plain object shaped like an event. None of
 * these is trusted: the browser sets `isTrusted` only for real input, and the checks below read it,
 * the event's type and its target through the DOM's own getters, captured when this module loads, so
 * an object that merely claims `isTrusted: true` fails the brand check. The user must also have
 * interacted with the page just now (`navigator.userActivation.isActive`, where the browser has it).
 *
 * Limits, stated plainly: code that runs before this module loads can replace the DOM's getters, and
 * such code owns the page anyway. The defence is for scripts that arrive later (XSS, a tampered ad).
 */

type Getter = (this: unknown) => unknown

function nativeGetter(prototype: object | undefined, name: string, instance?: object): Getter | undefined {
  const own = instance ? Object.getOwnPropertyDescriptor(instance, name)?.get : undefined
  return (own ?? (prototype ? Object.getOwnPropertyDescriptor(prototype, name)?.get : undefined)) as Getter | undefined
}

const probe = typeof Event === 'undefined' ? undefined : new Event('probe')
// `isTrusted` is [LegacyUnforgeable]: an own accessor of each event, whose getter is shared.
const isTrustedOf = probe ? nativeGetter(Event.prototype, 'isTrusted', probe) : undefined
const typeOf = typeof Event === 'undefined' ? undefined : nativeGetter(Event.prototype, 'type')
const targetOf = typeof Event === 'undefined' ? undefined : nativeGetter(Event.prototype, 'target')

/** The attribute an approve control carries; a trusted click must land inside such an element. */
export const APPROVE_CONTROL_ATTRIBUTE = 'data-sigil-approve'

function read(getter: Getter | undefined, event: unknown): unknown {
  if (!getter) return undefined
  try {
    return getter.call(event)
  } catch {
    // Not a real Event: the DOM's getter refuses a forged object ("Illegal invocation").
    return undefined
  }
}

export function isTrustedApproval(event: unknown, navigatorLike: { userActivation?: { isActive: boolean } } | undefined = globalThis.navigator): boolean {
  if (read(isTrustedOf, event) !== true) return false
  if (read(typeOf, event) !== 'click') return false
  const target = read(targetOf, event)
  if (typeof Element === 'undefined' || !(target instanceof Element) || !target.closest(`[${APPROVE_CONTROL_ATTRIBUTE}]`)) return false
  const activation = navigatorLike?.userActivation
  return activation === undefined || activation.isActive
}
