// Its own module, so that the browser's family.ts imports the id alone: the manifest (its messages,
// egress and settings parser) never enters the page's module graph (docs/families/README.md).
/** The family's id, which its row opens its view (email, passkey, recovery) by; its manifest and family.ts take it from here. */
export const EMBEDDED_ID = 'embedded'
