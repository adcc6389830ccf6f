// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { focusableIn } from './focusable'

describe('focusableIn', () => {
  it('counts a <details> summary, and nothing a closed <details> holds but it; all of it once open', () => {
    const root = document.createElement('div')
    root.innerHTML = '<button id="toggle">Help</button><details id="notice"><summary id="summary">One line</summary><p><a id="link" href="https://cloud.reown.com">Get an id</a></p></details>'
    document.body.append(root)
    // jsdom lays nothing out: every element has a box here, as Chromium gives the closed details' content one.
    for (const element of root.querySelectorAll<HTMLElement>('*')) element.getClientRects = () => [{}] as unknown as DOMRectList
    expect(focusableIn(root).map((element) => element.id)).toEqual(['toggle', 'summary'])
    root.querySelector('details')!.open = true
    expect(focusableIn(root).map((element) => element.id)).toEqual(['toggle', 'summary', 'link'])
    root.remove()
  })
})
