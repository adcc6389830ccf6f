/**
 * The catalogue sections of the wallet families, by section name: each lazily loaded family's own
 * error messages (`errors`, keyed by code) and view strings (`ui`), e.g. connectors/walletConnect/messages.ts.
 *
 * Empty here: each family's manifest (`connectors/<family>/manifest.ts`) adds its own sections,
 * as wagmi's `Register` does, with
 *
 *   declare module '@sigil/lib/i18n/familyCatalogues' {
 *     interface FamilyCatalogues { walletConnect: typeof walletConnect }
 *   }
 *
 * so the error-code union (`ErrorCode`, en.ts) and what every locale translates (`Messages`,
 * messages.ts) follow the families without this base layer naming any of them, and no string is
 * loaded by it (the sections load with their families).
 */
export interface FamilyCatalogues {}

/** The shape of a section: its errors and its view strings, each optional. */
export type FamilyCatalogueSection = { readonly errors?: Readonly<Record<string, string>>; readonly ui?: Readonly<Record<string, string>> }

/** The sections of a set of catalogues (the registered families', or a test's with one more). */
type SectionsOf<Catalogues> = { [Name in keyof Catalogues]: Catalogues[Name] extends FamilyCatalogueSection ? Catalogues[Name] : never }

/** Every error code the sections of `Catalogues` declare. */
export type FamilyErrorCodeOf<Catalogues> = { [Name in keyof SectionsOf<Catalogues>]: SectionsOf<Catalogues>[Name] extends { errors: infer Errors } ? keyof Errors & string : never }[keyof SectionsOf<Catalogues>]

/** Each section of `Catalogues` with view strings, as a locale translates it: the same keys, the locale's text. */
export type FamilyMessagesOf<Catalogues> = {
  [Name in keyof SectionsOf<Catalogues> as SectionsOf<Catalogues>[Name] extends { ui: object } ? Name : never]: SectionsOf<Catalogues>[Name] extends { ui: infer Ui } ? Record<keyof Ui, string> : never
}

/** Every error code a family's section declares. */
export type FamilyErrorCode = FamilyErrorCodeOf<FamilyCatalogues>

/** Each section with view strings, as a locale translates it: the same keys, the locale's text. */
export type FamilyMessages = FamilyMessagesOf<FamilyCatalogues>
