import { requestNonce } from '../_lib/requestNonce'
import { themeCss } from '../_config/themeCss'
import type { SigilConfig } from '@sigil/lib/config/sigilConfig'

/**
 * Server-only: the deployment's theme (sigil.config.ts `theme`) as one `<style>` after the page's
 * stylesheet, with this response's nonce (the policy allows no other inline style). Nothing when
 * the theme sets no colour. `next dev` sends no nonce and allows inline styles.
 */
export async function ThemeStyle({ theme }: { theme: SigilConfig['theme'] }) {
  const css = themeCss(theme)
  if (!css) return null
  const nonce = await requestNonce()
  return <style nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: css }} />
}
