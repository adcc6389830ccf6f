/**
 * Stands in for AppKit's `createAppKit`, the one export `@walletconnect/ethereum-provider` reads
 * (for its own QR modal). Calling it throws: the modal is off wherever this package is installed.
 */
export declare function createAppKit(options?: unknown): never
