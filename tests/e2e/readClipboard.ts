import type { Page } from '@playwright/test'

/**
 * The clipboard's text, read from a blank page of another origin in the same browser. The app's
 * Permissions-Policy turns `clipboard-read` off (it only ever writes), so its own page cannot read
 * back what "Copy" wrote; the clipboard is the browser's, whichever page reads it. `page` is brought
 * to the front again afterwards.
 */
export async function readClipboard(page: Page, blankPageURL: string): Promise<string> {
  const context = page.context()
  await context.grantPermissions(['clipboard-read'], { origin: new URL(blankPageURL).origin })
  const reader = await context.newPage()
  try {
    await reader.goto(blankPageURL)
    // Reading needs a focused document.
    await reader.bringToFront()
    return await reader.evaluate(() => navigator.clipboard.readText())
  } finally {
    await reader.close()
    await page.bringToFront()
  }
}
