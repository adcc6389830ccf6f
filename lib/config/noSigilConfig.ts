import type { SigilConfigInput } from './sigilConfig'

/**
 * What `@sigil/config` is when the project has no `sigil.config.ts` (next.config.mjs, tsconfig.json
 * and vitest.config.ts point the name at the file when it exists, here when it does not): no
 * choices, so every default holds.
 */
const none: SigilConfigInput | undefined = undefined
export default none
