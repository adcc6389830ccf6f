import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

/**
 * The layer rule of eslint.config.mjs, which `npm test` runs over the whole tree (lint step): here it
 * is shown failing on a lower layer importing a higher one, on browser code importing a
 * server-only module and on the app importing a family's folder, and passing on the imports the
 * layers allow.
 */
const eslint = new ESLint({ cwd: process.cwd() })

async function restrictedImports(filePath: string, specifier: string): Promise<string[]> {
  return restricted(filePath, `import { value } from '${specifier}'\nexport const used = value\n`)
}

async function restricted(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath })
  return (result?.messages ?? []).filter((message) => message.ruleId === 'floors/imports').map((message) => message.message)
}

describe('floors: imports point down (app → react → connectors → wallet-book → lib; server → lib)', () => {
  it.each([
    ['lib/errors/example.ts', '@/connectors/shared/connectorKey'],
    ['lib/config/example.ts', '@/wallet-book/walletKey'],
    ['lib/siwe/example.ts', '@sigil/react/wagmi/createSigilConfig'],
    ['wallet-book/resolve/example.ts', '@sigil/connectors/shared/connectorKey'],
    ['wallet-book/example.ts', '@sigil/react/lib/shortenAddress'],
    ['connectors/injected/example.ts', '@sigil/react/wagmi/walletOptions'],
    ['connectors/embedded/panel/Example.tsx', '@sigil/react/lib/focusable'],
    ['lib/siwe/example.ts', '@/server/store/sqlStore'],
    ['lib/siwe/example.ts', '@sigil/server/store/sqlStore'],
    ['lib/errors/example.ts', 'server-only'],
    ['lib/config/example.ts', '@sigil/wallet-book/walletKey'],
    ['server/siwe/example.ts', '@sigil/connectors/families'],
    ['server/embedded/example.ts', '@sigil/react/components/SignInPanel'],
    ['connectors/shared/example.ts', '@/react/components/Wallet'],
    ['react/components/Example.tsx', '@/app/_components/ThemeStyle'],
    ['react/wagmi/example.ts', '@/app/_lib/requestNonce'],
  ])('%s may not import %s', async (file, specifier) => {
    const messages = await restrictedImports(file, specifier)
    expect(messages).toHaveLength(1)
    expect(messages[0]).toContain('Imports point down the floors')
  })

  it.each([
    ['connectors/walletConnect/example.ts', '@/server/store/sqlStore'],
    ['connectors/embedded/example.ts', '@/server/embedded/routes'],
    ['connectors/shared/example.ts', 'server-only'],
    ['react/components/Example.tsx', '@sigil/server/config/server'],
    ['react/wagmi/example.ts', '@sigil/server/siwe/server'],
    ['react/components/example.tsx', '@/server/siwe/routes'],
    ['react/components/example.tsx', '@/server/session/readServerSession'],
    ['react/lib/example.ts', '@sigil/server/session/session'],
    ['connectors/embedded/example.ts', '@sigil/server/embedded/routes'],
    ['app/vault/example.ts', '@/app/_build/vaultScript'],
    ['wallet-book/example.ts', '@/server/lifecycle/health'],
  ])('browser code %s may not import the server-only %s', async (file, specifier) => {
    const messages = await restrictedImports(file, specifier)
    expect(messages).toHaveLength(1)
    expect(messages[0]).toContain('Server-only module')
  })

  it.each([
    ['react/wagmi/example.ts', '@sigil/connectors/shared/connectorKey'],
    ['connectors/shared/example.ts', '@sigil/wallet-book/walletKey'],
    ['connectors/embedded/example.ts', '@sigil/lib/embedded/crypto/bytes'],
    ['wallet-book/example.ts', '@sigil/lib/platform/detectPlatform'],
    ['server/embedded/routes.ts', '@sigil/lib/embedded/apiTypes'],
    ['app/api/example/route.ts', '@sigil/server/siwe/server'],
    ['app/vault/script/route.ts', '@/app/_build/vaultScript'],
    ['app/_build/vaultScript.ts', '@sigil/server/config/env'],
    ['app/page.tsx', '@sigil/server/session/readServerSession'],
    ['server/siwe/example.ts', '@sigil/lib/siwe/catalogue'],
    ['react/components/Example.tsx', '@sigil/lib/siwe/client'],
    ['connectors/walletConnect/panel/Example.tsx', '@sigil/lib/react/useLifetimeEffect'],
    ['react/wagmi/example.ts', '@sigil/connectors/families'],
  ])('%s may import %s', async (file, specifier) => {
    expect(await restrictedImports(file, specifier)).toEqual([])
  })

  it.each([
    ['react/wagmi/example.ts', '@sigil/connectors/injected/discovery'],
    ['react/wagmi/example.ts', '@sigil/connectors/injected/openInWalletBrowser'],
    ['react/components/Example.tsx', '@sigil/connectors/walletConnect/panel/WalletConnectPanel'],
    ['react/lib/example.ts', '@sigil/connectors/coinbaseSmartWallet/popupWindow'],
    ['app/api/example/route.ts', '@sigil/connectors/embedded/manifest'],
    ['app/page.tsx', '@sigil/connectors/embedded/family'],
    ['app/vault/route.ts', '@sigil/connectors/embedded/family'],
    // The vault page's route has no leave any more: the page's contract is lib's, the page the server's.
    ['app/vault/route.ts', '@sigil/connectors/embedded/vault/strings'],
  ])('the app names no family: %s may not import %s', async (file, specifier) => {
    const messages = await restrictedImports(file, specifier)
    expect(messages).toHaveLength(1)
    expect(messages[0]).toContain('The app names no family')
  })

  it.each([
    ['react/wagmi/example.ts', '@sigil/connectors/manifests'],
    ['app/api/example/route.ts', '@sigil/connectors/egress'],
    ['react/components/Example.tsx', '@sigil/connectors/shared/family'],
    ['app/vault/route.ts', '@sigil/lib/embedded/vaultPageConfig'],
    ['app/vault/route.ts', '@sigil/server/embedded/server'],
  ])('the app reaches the families through the registries and connectors/shared: %s may import %s', async (file, specifier) => {
    expect(await restrictedImports(file, specifier)).toEqual([])
  })

  it('the vault’s bundler is build tooling: the app’s build runs it by path; no page and no other floor imports it', async () => {
    expect(await restrictedImports('app/_build/example.mjs', '../../connectors/scripts/vaultBundle.mjs')).toEqual([])
    expect(await restrictedImports('app/_build/example.mjs', '../../connectors/embedded/vault/main')).toHaveLength(1)
    expect(await restrictedImports('app/_build/example.mjs', '@/connectors/families')).toHaveLength(1)
    expect(await restrictedImports('react/components/Example.tsx', '@/connectors/scripts/vaultBundle.mjs')).toEqual([expect.stringContaining('Server-only module')])
    expect(await restrictedImports('react/components/Example.tsx', '@sigil/connectors/scripts/vaultBundle.mjs')).toEqual([expect.stringContaining('Server-only module')])
    expect(await restrictedImports('app/api/example/route.ts', '@sigil/connectors/scripts/vaultBundle.mjs')).toHaveLength(1)
    expect(await restrictedImports('app/vault/route.ts', '../../connectors/scripts/vaultBundle.mjs')).toHaveLength(1)
    expect(await restrictedImports('app/_build/example.mjs', '@sigil/connectors/scripts/vaultBundle.mjs')).toHaveLength(1)
  })

  it('the prebuilt vault script alone of the connectors is marked server-only', async () => {
    expect(await restrictedImports('connectors/embedded/vault/prebuilt.ts', 'server-only')).toEqual([])
    expect(await restrictedImports('connectors/embedded/vault/prebuilt.ts', '@sigil/server/embedded/vaultPage')).toHaveLength(1)
    expect(await restrictedImports('connectors/embedded/vault/other.ts', 'server-only')).toHaveLength(1)
  })

  it('tests may reach across layers (a relay test signs through react/wagmi)', async () => {
    expect(await restrictedImports('connectors/walletConnect/example.test.ts', '@sigil/react/wagmi/signPersonalMessage')).toEqual([])
  })
})

describe('packages: the floors that are packages are reached by their names', () => {
  it.each([
    ['wallet-book/links/example.ts', '@/lib/errors/wallet', '@sigil/lib/errors/wallet'],
    ['connectors/shared/example.ts', '@/lib/errors/wallet', '@sigil/lib/errors/wallet'],
    ['connectors/injected/example.ts', '@/wallet-book/walletKey', '@sigil/wallet-book/walletKey'],
    ['server/siwe/example.ts', '@/lib/siwe/catalogue', '@sigil/lib/siwe/catalogue'],
    ['react/components/Example.tsx', '@/lib/siwe/client', '@sigil/lib/siwe/client'],
    ['react/wagmi/example.ts', '@/connectors/families', '@sigil/connectors/families'],
    ['react/wagmi/example.ts', '@/wallet-book/index', '@sigil/wallet-book/index'],
    ['app/page.tsx', '@/react/components/Wallet', '@sigil/react/components/Wallet'],
    ['app/_components/EarlyTapScript.tsx', '@/react/lib/earlyTap', '@sigil/react/lib/earlyTap'],
    ['app/api/example/route.ts', '@/connectors/egress', '@sigil/connectors/egress'],
    ['app/vault/route.ts', '@/server/embedded/vaultPage', '@sigil/server/embedded/vaultPage'],
    ['proxy.ts', '@/lib/http/contentSecurityPolicy', '@sigil/lib/http/contentSecurityPolicy'],
    ['app/api/example/route.ts', '@/server/siwe/server', '@sigil/server/siwe/server'],
    ['app/_build/vaultScript.ts', '@/server/config/env', '@sigil/server/config/env'],
    ['proxy.ts', '@/server/http/requestGuard', '@sigil/server/http/requestGuard'],
  ])('%s may not import %s by path, only as %s', async (file, byPath, byName) => {
    const messages = await restrictedImports(file, byPath)
    expect(messages).toHaveLength(1)
    expect(messages[0]).toContain('This floor is a package: import it by its package name')
    expect(await restrictedImports(file, byName)).toEqual([])
  })

  it.each([
    ['connectors/walletConnect/example.ts', '@/connectors/shared/family'],
    ['wallet-book/links/example.ts', '@/wallet-book/walletKey'],
    ['lib/siwe/example.ts', '@/lib/errors/wallet'],
    ['react/components/Example.tsx', '@/react/wagmi/walletOptions'],
  ])('a floor reaches its own files by path: %s may import %s', async (file, specifier) => {
    expect(await restrictedImports(file, specifier)).toEqual([])
  })

  it.each([
    ['lib/siwe/example.ts', '@sigil/lib/errors/wallet'],
    ['wallet-book/links/example.ts', '@sigil/wallet-book/walletKey'],
    ['connectors/walletConnect/example.ts', '@sigil/connectors/shared/family'],
    ['server/siwe/example.ts', '@sigil/server/store/sqlStore'],
    ['react/components/Example.tsx', '@sigil/react/wagmi/walletOptions'],
  ])('a floor never names itself: %s may not import %s', async (file, specifier) => {
    const messages = await restrictedImports(file, specifier)
    expect(messages).toHaveLength(1)
    expect(messages[0]).toContain('never by its own package name')
  })
})

describe('every way a module is reached: dynamic imports, re-exports and relative paths', () => {
  it.each([
    ['lib/siwe/example.ts', "export const load = () => import('@sigil/react/wagmi/createSigilConfig')\n", 'Imports point down the floors'],
    ['connectors/walletConnect/example.ts', "export const load = () => import(`@/server/store/sqlStore`)\n", 'Server-only module'],
    ['react/components/Example.tsx', "export const load = () => import('@sigil/connectors/walletConnect/panel/WalletConnectPanel')\n", 'The app names no family'],
    ['react/wagmi/example.ts', "export const load = () => import('@/lib/siwe/client')\n", 'This floor is a package'],
    ['wallet-book/example.ts', "export { connectorKey } from '@sigil/connectors/shared/connectorKey'\n", 'Imports point down the floors'],
    ['lib/errors/example.ts', "export * from '@/server/store/sqlStore'\n", 'Imports point down the floors'],
    ['lib/errors/example.ts', "import { value } from '../../connectors/shared/connectorKey'\nexport const used = value\n", 'Imports point down the floors'],
    ['connectors/injected/example.ts', "export const load = () => import('../../server/siwe/routes')\n", 'Server-only module'],
    ['server/siwe/example.ts', "import { value } from '../../lib/siwe/catalogue'\nexport const used = value\n", 'This floor is a package'],
  ])('%s: %s is refused', async (file, source, reason) => {
    const messages = await restricted(file, source)
    expect(messages).toHaveLength(1)
    expect(messages[0]).toContain(reason)
  })

  it.each([
    ['connectors/walletConnect/example.ts', "export const load = () => import('./sdk')\n"],
    ['connectors/walletConnect/panel/Example.tsx', "import { value } from '../oneTapSignIn'\nexport const used = value\n"],
    ['react/wagmi/example.ts', "export const load = () => import('@sigil/connectors/families')\n"],
  ])('%s: %s is allowed', async (file, source) => {
    expect(await restricted(file, source)).toEqual([])
  })
})
