/**
 * For a module held behind `require` (its bundler puts it in the caller's chunks but runs it only
 * when called): true when `require` is missing or cannot find the module, as under a test runner's
 * Node `require` or a bundler that leaves `require` alone in an ES module package, where the caller
 * falls back to the dynamic import of the same module. An error the module itself threw is not this:
 * it is the module failing, reported as such.
 */
export function cannotRequire(error: unknown): boolean {
  return error instanceof ReferenceError || (error as { code?: unknown } | null)?.code === 'MODULE_NOT_FOUND'
}
