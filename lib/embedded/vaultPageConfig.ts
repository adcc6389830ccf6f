/**
 * What the server writes into the vault page for its script (a JSON `<script>` element, never code):
 * the origins it may serve, how it is shown, the deployment's chains and the strings in the page's
 * language. Shared by the page that writes it (server/embedded/vaultPage.ts) and the script that reads it
 * (connectors/embedded/vault/main.ts).
 */
export const VAULT_CONFIG_ELEMENT_ID = 'vault-config'

export type VaultChain = { id: number; name: string; symbol: string; decimals: number }

export type VaultPageConfig = {
  /** `APP_ORIGIN`: the only pages whose messages the vault reads. */
  appOrigins: string[]
  /** In the page's frame, or a popup the page opened. */
  mode: 'frame' | 'popup'
  locale: string
  chains: VaultChain[]
  /** Tests only (EMBEDDED_TEST_IDLE_LOCK_MS, behind the test clock's gate): a shorter idle lock. */
  idleLockMs?: number | undefined
  strings: {
    /** The wallet's screens (lib/i18n/embedded.ts `ui`, in the page's language). */
    ui: Record<string, string>
    /** What the vault shows for each error code: the page's plain words, in its language (lib/i18n/plainErrors.ts). */
    errors: Record<string, string>
    /** The confirmation sheet (lib/i18n/embeddedConfirmation.ts, in the page's language). */
    sheet: Record<string, string>
  }
}
