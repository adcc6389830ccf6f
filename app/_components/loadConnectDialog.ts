/**
 * The connect dialog's chunk, shared by `next/dynamic` and the preload on hover/focus/touch, with
 * what its list needs of the families (how each reaches a wallet that is not installed: chunks of
 * their own, app/_wagmi/familyReach.ts).
 */
export const loadConnectDialog = () =>
  Promise.all([
    import('./ConnectDialog'),
    import('@/app/_wagmi/familyReach').then((module) => module.loadFamilyReach()).catch(() => undefined),
  ]).then(([dialog]) => dialog)

export function preloadConnectDialog(): void {
  void loadConnectDialog().catch(() => {
    // Offline or a deploy replaced the chunk: the click will try again and report it.
  })
}
