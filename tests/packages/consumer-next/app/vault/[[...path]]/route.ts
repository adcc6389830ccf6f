// The one route file for the vault: its page, its script (bundled when @sigil/connectors was built)
// and the script's chunks, where the proxy puts the vault's origin; its settings from the environment.
import { prebuiltVaultScript } from '@sigil/connectors/embedded/vault/prebuilt'
import { getVaultRoute } from '@sigil/server/embedded/server'

export const runtime = 'nodejs'
export const dynamic = 'force-dynamic'

export const GET = getVaultRoute(() => prebuiltVaultScript)
