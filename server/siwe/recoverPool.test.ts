import { recoverMessageAddress } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterEach, describe, expect, it } from 'vitest'
import { createRecoverPool, type RecoverPool } from './recoverPool'

const pools: RecoverPool[] = []
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()))
})

async function signed(text: string) {
  const account = privateKeyToAccount(generatePrivateKey())
  return { address: account.address, message: text, signature: await account.signMessage({ message: text }) }
}

describe('the recovery pool', () => {
  it('recovers on worker threads what recovery inline recovers, 50 at once', async () => {
    const pool = createRecoverPool(2)
    pools.push(pool)
    const items = await Promise.all(Array.from({ length: 50 }, (_, index) => signed(`sign-in ${index}`)))
    const recovered = await Promise.all(items.map((item) => pool.recover(item)))
    expect(recovered).toEqual(items.map((item) => item.address))
  })

  it('rejects a signature that cannot be recovered, as inline recovery does', async () => {
    const pool = createRecoverPool(1)
    pools.push(pool)
    const { message } = await signed('x')
    const bad = `0x${'00'.repeat(65)}` as const
    await expect(recoverMessageAddress({ message, signature: bad })).rejects.toThrow()
    await expect(pool.recover({ message, signature: bad })).rejects.toThrow()
  })

  it('runs inline with no worker to spare (one core)', async () => {
    const pool = createRecoverPool(0)
    pools.push(pool)
    const item = await signed('one core')
    expect(pool.size).toBe(0)
    await expect(pool.recover(item)).resolves.toBe(item.address)
  })

  it('keeps answering after the pool closes (inline)', async () => {
    const pool = createRecoverPool(1)
    pools.push(pool)
    const first = await signed('first')
    await expect(pool.recover(first)).resolves.toBe(first.address)
    await pool.close()
    const second = await signed('second')
    await expect(pool.recover(second)).resolves.toBe(second.address)
  })
})
