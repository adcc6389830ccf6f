import { lazy, type ComponentType } from 'react'
import { families } from '@sigil/connectors/families'
import type { SigilFamily } from '@sigil/connectors/shared/family'

/**
 * One optional part of every family that declares it, each a lazy component fetched when first
 * rendered (a chunk of its own), with the family's id: the dialog's `devNotice`s, the account view's
 * `accountActions`.
 */
export function lazyFamilyParts<P>(pick: (family: SigilFamily) => (() => Promise<ComponentType<P>>) | undefined): { id: string; Part: ComponentType<P> }[] {
  return families.flatMap((family) => {
    const load = pick(family)
    return load ? [{ id: family.id, Part: lazy(() => load().then((Part) => ({ default: Part }))) }] : []
  })
}
