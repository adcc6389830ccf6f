/**
 * The lazily loaded views, one loader each, shared by `next/dynamic` and the preloads so both hit
 * the same chunk. Preloading them when the connect dialog opens keeps click-to-connected short.
 */
export const loadConnectedViews = {
  account: () => import('./AccountView'),
  signMessage: () => import('./SignMessagePanel'),
  signIn: () => import('./SignInPanel'),
}

export function preloadConnectedViews(): void {
  for (const load of Object.values(loadConnectedViews)) void load().catch(() => {})
}
