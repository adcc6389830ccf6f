/**
 * The wallet log's chain (lib/embedded/walletLog.ts): shared with the vault, which checks the
 * same chain on the device. The store appends with it (embeddedSqlShared.ts, `appendWalletEvent`).
 */
export * from '@sigil/lib/embedded/walletLog'
