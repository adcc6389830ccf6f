import type { Page } from '@playwright/test'
import { expect, vault } from './embeddedFixtures'

/**
 * A hostile script in the app's page aiming the user's click at a vault button in its frame
 * (docs/embedded/threat-model.md#the-guard): the page owns the frame's paint, so it can hide the
 * dialog, move it under the pointer, lay a click-through bait over it, or reveal it between the two
 * presses of a double-click. Each trick worked before the guard; none may act now.
 */

export type Trick = 'transparent' | 'moved' | 'overlay' | 'double-click'
export const TRICKS: readonly Trick[] = ['transparent', 'moved', 'overlay', 'double-click']

/** The vault dialog's element in the page (the script's handle on the frame's paint). */
function styleDialog(page: Page, style: Record<string, string>) {
  return page.evaluate((style) => {
    const dialog = document.querySelector<HTMLIFrameElement>('[data-testid="vault-frame"]')!.closest('dialog')!
    Object.assign(dialog.style, style)
  }, style)
}

/**
 * A full-window layer over everything, the vault's dialog included (a manual popover is in the top
 * layer, above it, and makes nothing inert), that lets every click through to the frame under it.
 */
function overlay(page: Page, on: boolean) {
  return page.evaluate((on) => {
    document.getElementById('bait')?.remove()
    if (!on) return
    const layer = document.createElement('div')
    layer.id = 'bait'
    layer.popover = 'manual'
    layer.textContent = 'Claim your prize: click anywhere'
    Object.assign(layer.style, { inset: '0', width: '100vw', height: '100vh', margin: '0', border: '0', pointerEvents: 'none', background: 'white', fontSize: '40px' })
    document.body.append(layer)
    layer.showPopover()
  }, on)
}

async function centreOf(page: Page, testId: string): Promise<{ x: number; y: number }> {
  const box = await vault(page).getByTestId(testId).boundingBox()
  if (!box) throw new Error(`${testId} is not on screen`)
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 }
}

/**
 * One attempt of `trick` at the button `testId` (live before the trick starts): the user's pointer
 * is where the script wants it, and the user clicks what they think is the page's bait.
 */
export async function attempt(page: Page, testId: string, trick: Trick): Promise<void> {
  const button = vault(page).getByTestId(testId)
  await expect(button).toHaveAttribute('data-live', 'true')
  const target = await centreOf(page, testId)
  // The user's pointer comes by the button before the trick (as if hovering it): that visit must not
  // make the tricked click count.
  await page.mouse.move(target.x - 40, target.y + 60)
  await page.mouse.move(target.x, target.y, { steps: 4 })
  switch (trick) {
    case 'transparent':
      await styleDialog(page, { opacity: '0' })
      await page.waitForTimeout(700)
      await page.mouse.click(target.x, target.y)
      await styleDialog(page, { opacity: '' })
      break
    case 'moved':
      await styleDialog(page, { transform: 'translate(90px, 30px)' })
      await page.waitForTimeout(700)
      await page.mouse.click(target.x + 90, target.y + 30)
      await styleDialog(page, { transform: '' })
      break
    case 'overlay':
      await overlay(page, true)
      await page.waitForTimeout(700)
      await page.mouse.click(target.x, target.y)
      await overlay(page, false)
      break
    case 'double-click':
      // Hidden until the first press of the user's double-click on the bait; the second lands on the button.
      await styleDialog(page, { opacity: '0' })
      await page.evaluate(() => {
        window.addEventListener(
          'pointerdown',
          () => {
            const dialog = document.querySelector<HTMLIFrameElement>('[data-testid="vault-frame"]')!.closest('dialog')!
            dialog.style.opacity = ''
          },
          { once: true, capture: true },
        )
      })
      await page.waitForTimeout(700)
      await page.mouse.dblclick(target.x, target.y)
      await styleDialog(page, { opacity: '' })
      break
  }
  // Whatever the click started has had its time.
  await page.waitForTimeout(800)
}

/** Logs what acted (by `action/trick`) and fails unless nothing did. */
export function expectNoneActed(acted: Record<string, number>): void {
  console.log(`[hostile page] attempts per action: ${TRICKS.length}; acted: ${JSON.stringify(acted)}`)
  expect(acted).toEqual(Object.fromEntries(Object.keys(acted).map((key) => [key, 0])))
}
