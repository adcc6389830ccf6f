import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { COINBASE_SDK_STYLE_HASHES, NEXT_BUILTIN_STYLE_HASHES } from './inlineStyleHashes'

const hash = (css: string) => `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`
const UI = '@coinbase/wallet-sdk/dist/sign/walletlink/relay/ui/components'

describe('COINBASE_SDK_STYLE_HASHES', () => {
  it("are the hashes of the installed SDK's own stylesheets, in order", async () => {
    const sheets = await Promise.all(
      ['Snackbar/Snackbar-css.js', 'RedirectDialog/RedirectDialog-css.js', 'cssReset/cssReset-css.js'].map(async (file) => ((await import(`${UI}/${file}`)) as { default: string }).default),
    )
    expect(sheets.map((css) => `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`)).toEqual([...COINBASE_SDK_STYLE_HASHES])
  })
})

describe('NEXT_BUILTIN_STYLE_HASHES', () => {
  it("are the hashes of the installed Next's built-in not-found and error page styles", () => {
    const require = createRequire(import.meta.url)
    const fallback = readFileSync(require.resolve('next/dist/client/components/http-access-fallback/error-fallback.js'), 'utf8')
    const notFoundCss = /__html: `([^`]*)`/.exec(fallback)?.[1]
    expect(notFoundCss).toBeTruthy()
    const { errorThemeCss } = require('next/dist/client/components/builtin/error-styles.js') as { errorThemeCss: string }
    expect([hash(notFoundCss!), hash(errorThemeCss)]).toEqual([...NEXT_BUILTIN_STYLE_HASHES])
  })
})
