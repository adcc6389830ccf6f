import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { COINBASE_SDK_STYLE_HASHES } from './coinbaseStyleHashes'

const UI = '@coinbase/wallet-sdk/dist/sign/walletlink/relay/ui/components'

describe('COINBASE_SDK_STYLE_HASHES', () => {
  it("are the hashes of the installed SDK's own stylesheets, in order", async () => {
    const sheets = await Promise.all(
      ['Snackbar/Snackbar-css.js', 'RedirectDialog/RedirectDialog-css.js', 'cssReset/cssReset-css.js'].map(async (file) => ((await import(`${UI}/${file}`)) as { default: string }).default),
    )
    expect(sheets.map((css) => `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`)).toEqual([...COINBASE_SDK_STYLE_HASHES])
  })
})
