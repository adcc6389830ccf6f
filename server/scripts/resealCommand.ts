import { readEnv } from '@/server/config/env'
import { runReseal } from '@/server/embedded/reseal'

// `npm run embedded:reseal` (tsx): see reseal.ts.
runReseal(readEnv(), (line) => console.log(line)).then(
  (code) => {
    process.exitCode = code
  },
  (error: unknown) => {
    console.error(`[sigil] re-seal failed: ${error instanceof Error ? error.message : String(error)}`)
    process.exitCode = 1
  },
)
