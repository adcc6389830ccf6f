import { isSigilError, type SigilError } from '@/lib/errors/SigilError'
import {
  ConnectionRejectedError,
  SwitchChainRejectedError,
  UnknownWalletError,
  UserRejectedError,
} from '@/lib/errors/wallet'

export function toSigilError(error: unknown, action: 'connect' | 'switch' | 'sign' = 'sign'): SigilError {
  if (isSigilError(error)) return error
  let cursor: unknown = error
  for (let depth = 0; depth < 5 && cursor && typeof cursor === 'object'; depth++) {
    if ((cursor as { code?: unknown }).code === 4001) {
      if (action === 'connect') return new ConnectionRejectedError({ cause: error })
      if (action === 'switch') return new SwitchChainRejectedError({ cause: error })
      return new UserRejectedError({ cause: error })
    }
    cursor = (cursor as { cause?: unknown }).cause
  }
  return new UnknownWalletError({ cause: error })
}
