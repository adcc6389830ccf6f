/**
 * The wallet families' deployment settings, by field: what each family's page code needs of this
 * deployment (WalletConnect's project id, Coinbase's popup preference, …), parsed on the server from
 * the environment variables its manifest declares and handed to the page with the rest of the public
 * configuration (`PublicConfig`, lib/config/public.ts).
 *
 * Empty here: each family's manifest (`connectors/<family>/manifest.ts`) adds its own fields, as
 * lib/i18n/familyCatalogues.ts's `FamilyCatalogues` is extended, with
 *
 *   declare module '@sigil/lib/config/familySettings' {
 *     interface FamilySettings extends WalletConnectSettings {}
 *   }
 *
 * so `PublicConfig` carries every family's settings without this layer naming one.
 * docs/families/README.md, "Settings".
 */
export interface FamilySettings {}

/** The environment variables a family's parser is handed: its own, and no other. */
export type SettingsVariables = Readonly<Record<string, string | undefined>>

/** What a parser may need of the deployment besides its variables (server/config/env.ts parsed them). */
export type SettingsContext = {
  /** `NODE_ENV=production` (`next start`). */
  readonly production: boolean
  /** The local anvil chain is offered (`ENABLE_LOCAL_CHAIN`). */
  readonly localChain: boolean
  /** The exact origins the app answers on (`APP_ORIGIN`, or its development default). */
  readonly appOrigins: readonly string[]
}

/**
 * A family's settings slot (`FamilyManifest.settings`): the environment variables it reads, and a
 * pure parser from their values to its public settings. A bad value throws `EnvError`
 * (lib/config/envError.ts) naming the variable. The same shape is what the composition roots hand
 * the server for every family at once (connectors/settings.ts).
 */
export type FamilySettingsSlot<Settings extends object = object> = {
  /** Every variable `parse` reads; it is handed these and no other. */
  readonly variables: readonly string[]
  parse(variables: SettingsVariables, context: SettingsContext): Settings
}
