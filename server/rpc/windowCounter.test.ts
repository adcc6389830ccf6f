import { describe, expect, it } from 'vitest'
import { WindowCounter } from './windowCounter'

const LIMIT = 120

describe('WindowCounter', () => {
  it('a client past its limit stays limited while 20,000 other keys arrive', () => {
    const counter = new WindowCounter(60_000)
    const now = 1_000_000
    for (let i = 0; i < LIMIT + 5; i++) counter.hit('abuser', 1, now)
    expect(counter.hit('abuser', 1, now).count).toBeGreaterThan(LIMIT)
    for (let i = 0; i < 20_000; i++) counter.hit(`spoofed-${i}`, 1, now + 1 + (i % 1000))
    // Live windows are never dropped: the abuser's count carries on.
    expect(counter.hit('abuser', 1, now + 2_000).count).toBeGreaterThan(LIMIT)
    expect(counter.size).toBeLessThanOrEqual(10_000)
  })

  it('new keys past the bound share one overflow window, so a flood of them is limited too', () => {
    const counter = new WindowCounter(60_000, 100)
    const now = 0
    for (let i = 0; i < 100; i++) counter.hit(`client-${i}`, 1, now)
    const counts = Array.from({ length: 200 }, (_, i) => counter.hit(`new-${i}`, 1, now).count)
    expect(counts.at(-1)).toBe(200)
    expect(counter.size).toBe(100)
    // The overflow window ends like any other.
    expect(counter.hit('later', 1, now + 60_000).count).toBe(1)
  })

  it('drops finished windows, oldest first, before anything live', () => {
    const counter = new WindowCounter(1_000, 3)
    counter.hit('a', 1, 0)
    counter.hit('b', 1, 500)
    counter.hit('c', 5, 900)
    // At 1,200, only a's window has finished: it goes, b and c keep their counts.
    expect(counter.hit('d', 1, 1_200).count).toBe(1)
    expect(counter.size).toBe(3)
    expect(counter.hit('c', 1, 1_300).count).toBe(6)
    expect(counter.hit('b', 1, 1_400).count).toBe(2)
  })

  it('a window that ends starts again from zero, at the back of the line', () => {
    const counter = new WindowCounter(1_000, 2)
    counter.hit('a', 3, 0)
    counter.hit('b', 1, 100)
    expect(counter.hit('a', 1, 1_000).count).toBe(1)
    // b (started at 100) is now the oldest and finished at 1,100; a (restarted at 1,000) is live.
    expect(counter.hit('c', 1, 1_150).count).toBe(1)
    expect(counter.hit('a', 1, 1_200).count).toBe(2)
  })
})
