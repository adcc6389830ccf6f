/**
 * Clear signing as one chunk of the vault's script (connectors/scripts/vaultBundle.mjs): its tables of
 * tokens and selectors and the words built from them load when a request needs them (a transaction
 * or typed data; never a plain message), not with the page.
 */
export { describeCall } from './describeCall'
export { describeTypedDataIntent } from './describeTypedData'
export { functionName } from './selectors'
export { summarise } from '../clearSummary'
