// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react'
import { StrictMode, useEffect } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { useLifetimeEffect } from './useLifetimeEffect'

function Probe({ log, plain = false }: { log: string[]; plain?: boolean }) {
  useLifetimeEffect(() => {
    log.push('setup')
    return () => log.push('teardown')
  })
  useEffect(() => {
    if (!plain) return
    log.push('plain setup')
    return () => {
      log.push('plain cleanup')
    }
  }, [plain, log])
  return null
}

const nextTask = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 5)))

describe('useLifetimeEffect', () => {
  afterEach(cleanup)

  it('under StrictMode runs setup once and no teardown while the component stays, where a plain effect is rehearsed', async () => {
    const log: string[] = []
    render(
      <StrictMode>
        <Probe log={log} plain />
      </StrictMode>,
    )
    await nextTask()
    // The plain effect shows what StrictMode does (mount, unmount, mount); the lifetime effect does not follow it.
    expect(log.filter((entry) => entry.startsWith('plain'))).toEqual(['plain setup', 'plain cleanup', 'plain setup'])
    expect(log.filter((entry) => !entry.startsWith('plain'))).toEqual(['setup'])
  })

  it('runs the teardown once when the component really unmounts, under StrictMode and without it', async () => {
    for (const strict of [true, false]) {
      const log: string[] = []
      const probe = <Probe log={log} />
      const { unmount } = render(strict ? <StrictMode>{probe}</StrictMode> : probe)
      await nextTask()
      unmount()
      await nextTask()
      expect(log, strict ? 'StrictMode' : 'plain').toEqual(['setup', 'teardown'])
    }
  })

  it('a component mounted again later (a new appearance) gets a new setup', async () => {
    const log: string[] = []
    const first = render(<StrictMode><Probe log={log} /></StrictMode>)
    await nextTask()
    first.unmount()
    await nextTask()
    render(<StrictMode><Probe log={log} /></StrictMode>)
    await nextTask()
    expect(log).toEqual(['setup', 'teardown', 'setup'])
  })
})
