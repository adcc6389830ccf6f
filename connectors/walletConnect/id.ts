// Its own module, so that the browser's family.ts imports the id alone: the manifest (its messages,
// egress and settings parser) never enters the page's module graph (docs/families/README.md).
/** The family's id, which its rows open its view (QR code, links) by; its manifest and family.ts take it from here. */
export const WALLETCONNECT_ID = 'walletconnect'
