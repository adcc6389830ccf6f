import { installTrustedTypesPolicy } from '@sigil/server/http/trustedTypes'

// Runs before the app hydrates: the one Trusted Types policy the page allows (server/http/trustedTypes.ts),
// in place before Turbopack's runtime loads the first lazy chunk.
installTrustedTypesPolicy()
