import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

/**
 * The layer rule of eslint.config.mjs, which `npm test` runs over the whole tree (lint step): here it
 * is shown failing on a lower layer importing a higher one, and on browser code importing a
 * server-only module, and passing on the imports the layers allow.
 */
const eslint = new ESLint({ cwd: process.cwd() })

async function restrictedImports(filePath: string, specifier: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import { value } from '${specifier}'\nexport const used = value\n`, { filePath })
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message)
}

describe('layers: imports point down (app → connectors → wallet-book → lib)', () => {
  it.each([
    ['lib/errors/example.ts', '@/connectors/shared/connectorKey'],
    ['lib/config/example.ts', '@/wallet-book/walletKey'],
    ['lib/siwe/example.ts', '@/app/_wagmi/createSigilConfig'],
    ['wallet-book/resolve/example.ts', '@/connectors/shared/connectorKey'],
    ['wallet-book/example.ts', '@/app/_lib/shortenAddress'],
    ['connectors/injected/example.ts', '@/app/_wagmi/walletOptions'],
    ['connectors/embedded/panel/Example.tsx', '@/app/_lib/focusable'],
  ])('%s may not import %s', async (file, specifier) => {
    const messages = await restrictedImports(file, specifier)
    expect(messages).toHaveLength(1)
    expect(messages[0]).toContain('Imports point down the layers')
  })

  it.each([
    ['connectors/walletConnect/example.ts', '@/lib/store/sqlStore'],
    ['connectors/embedded/example.ts', '@/lib/embedded/routes'],
    ['connectors/shared/example.ts', 'server-only'],
    ['app/_components/Example.tsx', '@/lib/config/server'],
    ['app/_wagmi/example.ts', '@/lib/siwe/server'],
    ['app/_components/example.tsx', '@/lib/siwe/server/routes'],
    ['app/_components/example.tsx', '@/app/_lib/server/readServerSession'],
    ['wallet-book/example.ts', '@/lib/server/health'],
  ])('browser code %s may not import the server-only %s', async (file, specifier) => {
    const messages = await restrictedImports(file, specifier)
    expect(messages).toHaveLength(1)
    expect(messages[0]).toContain('Server-only module')
  })

  it.each([
    ['app/_wagmi/example.ts', '@/connectors/shared/connectorKey'],
    ['connectors/shared/example.ts', '@/wallet-book/walletKey'],
    ['connectors/embedded/example.ts', '@/lib/embedded/shared/crypto/bytes'],
    ['wallet-book/example.ts', '@/lib/platform/detectPlatform'],
    ['lib/embedded/routes.ts', '@/lib/embedded/shared/apiTypes'],
    ['lib/siwe/example.ts', '@/lib/store/sqlStore'],
    ['app/api/example/route.ts', '@/lib/siwe/server'],
    ['app/_components/Example.tsx', '@/lib/siwe/client'],
    ['connectors/walletConnect/panel/Example.tsx', '@/lib/react/useLifetimeEffect'],
    ['app/_wagmi/example.ts', '@/connectors/families'],
  ])('%s may import %s', async (file, specifier) => {
    expect(await restrictedImports(file, specifier)).toEqual([])
  })

  it('tests may reach across layers (a relay test signs through app/_wagmi)', async () => {
    expect(await restrictedImports('connectors/walletConnect/example.test.ts', '@/app/_wagmi/signPersonalMessage')).toEqual([])
  })
})
