import { HDKey } from '@scure/bip32'
import { mnemonicToSeedSync } from '@scure/bip39'
import { type Address, concatHex, type Hex, keccak256, numberToHex, toHex, toRlp, trim, type TypedDataDefinition } from 'viem'
import { privateKeyToAddress, sign, signMessage, signTypedData } from 'viem/accounts'

/**
 * The wallet's signing account: the BIP-44 Ethereum account m/44'/60'/0'/0/0 of a BIP-39 mnemonic, as
 * viem's `mnemonicToAccount` derives it, with the three kinds of signature the vault makes. Written
 * on viem's signing utilities rather than its full local account, whose transaction signing carries
 * every transaction type (blobs, EIP-7702 authorisations, their errors) into the vault's script: the
 * vault signs only what signing.ts reads (EIP-1559 and EIP-155 legacy transactions), and its script
 * has a 60 kB budget. keyAccount.test.ts checks every signature against viem's own account.
 */

const ETHEREUM_PATH = "m/44'/60'/0'/0/0"

/** A transaction as signing.ts reads it: EIP-1559, or legacy with EIP-155 replay protection. */
export type VaultTransaction = {
  chainId: number
  nonce: number
  gas: bigint
  to: Address | undefined
  value: bigint
  data: Hex | undefined
} & ({ type: 'eip1559'; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint } | { type: 'legacy'; gasPrice: bigint })

export type VaultAccount = {
  readonly address: Address
  signMessage(args: { message: { raw: Hex } }): Promise<Hex>
  signTypedData(typedData: TypedDataDefinition): Promise<Hex>
  signTransaction(transaction: VaultTransaction): Promise<Hex>
}

/** RLP's integer: no leading zeros, and zero as the empty string. */
function quantity(value: bigint | number): Hex {
  return value === 0 || value === 0n ? '0x' : numberToHex(value)
}

function fields(tx: VaultTransaction): Hex[] {
  const to = tx.to ?? '0x'
  const data = tx.data ?? '0x'
  if (tx.type === 'eip1559') return [quantity(tx.chainId), quantity(tx.nonce), quantity(tx.maxPriorityFeePerGas), quantity(tx.maxFeePerGas), quantity(tx.gas), to, quantity(tx.value), data]
  return [quantity(tx.nonce), quantity(tx.gasPrice), quantity(tx.gas), to, quantity(tx.value), data]
}

/** The serialised signed transaction (EIP-2718 type 2, or an EIP-155 legacy one). */
async function signVaultTransaction(privateKey: Hex, tx: VaultTransaction): Promise<Hex> {
  if (tx.type === 'eip1559') {
    const unsigned = fields(tx)
    const hash = keccak256(concatHex(['0x02', toRlp([...unsigned, []])]))
    const { r, s, yParity } = await sign({ hash, privateKey })
    return concatHex(['0x02', toRlp([...unsigned, [], yParity ? '0x01' : '0x', trim(r), trim(s)])])
  }
  const unsigned = fields(tx)
  const hash = keccak256(toRlp([...unsigned, quantity(tx.chainId), '0x', '0x']))
  const { r, s, yParity } = await sign({ hash, privateKey })
  const v = BigInt(tx.chainId) * 2n + 35n + BigInt(yParity ?? 0)
  return toRlp([...unsigned, numberToHex(v), trim(r), trim(s)])
}

/** The account of `mnemonic` (its private key stays in this closure). */
export function mnemonicToVaultAccount(mnemonic: string): VaultAccount {
  const key = HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic)).derive(ETHEREUM_PATH)
  if (!key.privateKey) throw new Error('no private key at the derivation path')
  const privateKey = toHex(key.privateKey)
  key.wipePrivateData()
  return {
    address: privateKeyToAddress(privateKey),
    signMessage: ({ message }) => signMessage({ message, privateKey }),
    signTypedData: (typedData) => signTypedData({ ...typedData, privateKey } as never),
    signTransaction: (transaction) => signVaultTransaction(privateKey, transaction),
  }
}
