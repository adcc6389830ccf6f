import { makeStoreTemplate } from '../fixtures/storeTemplate'

/**
 * Once per unit run, before any test file: the empty store and the blank database the files' own
 * stores are copied from (tests/fixtures/pgliteFolders.ts), instead of each running initdb.
 */
export default async function globalSetup(): Promise<() => void> {
  return makeStoreTemplate({ blank: true })
}
