// Its own module, so that the browser's family.ts imports the id alone: the manifest (its messages,
// egress and settings parser) never enters the page's module graph (docs/families/README.md).
/** The family's id; its manifest and family.ts take it from here. */
export const COINBASE_SMART_WALLET_ID = 'coinbasesmartwallet'
