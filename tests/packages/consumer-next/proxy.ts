// The embedded wallet's vault on an origin of its own (VAULT_ORIGIN; by default on loopback
// http://wallet.localhost:<port>), served by this same app: the proxy routes that host's requests to
// the vault's route files, with the vault's headers, and keeps those paths off this app's own hosts.
// `vaultOnly`: this app's pages keep their own headers.
import { serverFamilies } from '@sigil/connectors/serverFamilies'
import { createSigilProxy } from '@sigil/server/http/proxy'

export const proxy = createSigilProxy(serverFamilies, { vaultOnly: true })

export const config = { matcher: ['/((?!_next/static/|_next/image$).*)'] }
