import { getConnection, getConnectorClient, type Config } from '@wagmi/core'
import { toHex, type Hex } from 'viem'
import { SessionNotFoundError } from '@/lib/errors/wallet'

export async function signPersonalMessage(config: Config, parameters: { message: string }): Promise<Hex> {
  const { address } = getConnection(config)
  if (!address) throw new SessionNotFoundError()
  const client = await getConnectorClient(config)
  return client.request({ method: 'personal_sign', params: [toHex(parameters.message), address.toLowerCase() as Hex] })
}
