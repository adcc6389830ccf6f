import { earlyTapScript } from '@sigil/react/lib/earlyTapScript'
import { requestNonce } from '../_lib/requestNonce'

/**
 * Server-only: the few lines that keep a tap on "Connect wallet" made before hydration (see
 * @sigil/react's lib/earlyTap.ts; its text is lib/earlyTapScript.ts). Written into the HTML by the server with this response's nonce, so the
 * policy runs it; never created by React in the browser (hydration keeps the server's element).
 * The browser hides a nonce attribute once parsed, hence no hydration warning on it.
 */
export async function EarlyTapScript() {
  const nonce = await requestNonce()
  if (!nonce) return null
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: earlyTapScript }} />
}
