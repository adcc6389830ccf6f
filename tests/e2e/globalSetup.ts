import { makeStoreTemplate } from '../fixtures/storeTemplate'

/** Once per run, before any worker: the empty store every throwaway data folder starts from (tests/fixtures/storeTemplate.ts). */
export default async function globalSetup(): Promise<() => void> {
  return makeStoreTemplate()
}
