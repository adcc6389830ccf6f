/**
 * Runs `run` when the browser is next idle, at most 2 s later (a busy page still gets it), or on the
 * next task where `requestIdleCallback` is missing (Safari). Returns its cancel. Small and free of
 * imports: the first load's code calls it.
 */
export function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: 2000 })
    return () => cancelIdleCallback(id)
  }
  const id = setTimeout(run, 1)
  return () => clearTimeout(id)
}
