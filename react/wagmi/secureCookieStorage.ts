import { cookieStorage } from '@wagmi/core'

/**
 * wagmi's cookie storage (the connection it restores after a reload, read by the server for the first
 * render), with `Secure` on every cookie it writes over https: wagmi's own writes `path=/;samesite=Lax`
 * only, so over https a network attacker on a plain-http request of the same name could overwrite the
 * stored connection. Reads and removal are wagmi's. Over http (`next dev`, loopback) cookies stay as
 * they were: a browser keeps no Secure cookie from an http page of another name than localhost.
 */
export const secureCookieStorage: typeof cookieStorage = {
  getItem: (key) => cookieStorage.getItem(key),
  setItem(key, value) {
    if (typeof window === 'undefined') return
    if (window.location.protocol !== 'https:') return cookieStorage.setItem(key, value)
    document.cookie = `${key}=${value};path=/;samesite=Lax;secure`
  },
  removeItem: (key) => cookieStorage.removeItem(key),
}
