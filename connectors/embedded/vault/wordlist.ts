/**
 * BIP-39's English word list as a chunk of the vault's script of its own (connectors/scripts/vaultBundle.mjs):
 * only making a new phrase needs it, so the page does not carry it.
 */
export { wordlist } from '@scure/bip39/wordlists/english'
