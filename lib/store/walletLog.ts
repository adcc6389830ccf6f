/**
 * The wallet log's chain (lib/embedded/shared/walletLog.ts): shared with the vault, which checks the
 * same chain on the device. The store appends with it (embeddedSql.ts).
 */
export * from '@/lib/embedded/shared/walletLog'
