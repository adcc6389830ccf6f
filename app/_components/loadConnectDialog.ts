/** The connect dialog's chunk, shared by `next/dynamic` and the preload on hover/focus/touch. */
export const loadConnectDialog = () => import('./ConnectDialog')

export function preloadConnectDialog(): void {
  void loadConnectDialog().catch(() => {
    // Offline or a deploy replaced the chunk: the click will try again and report it.
  })
}
