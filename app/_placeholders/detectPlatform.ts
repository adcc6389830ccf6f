export type Platform = { os: 'ios' | 'android' | 'other'; isMobile: boolean }

export function detectPlatform(input: { userAgent: string; maxTouchPoints: number }): Platform {
  const ua = input.userAgent
  const ios = /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && input.maxTouchPoints > 1)
  const android = /Android/.test(ua)
  return { os: ios ? 'ios' : android ? 'android' : 'other', isMobile: ios || android || /Mobi/.test(ua) }
}
