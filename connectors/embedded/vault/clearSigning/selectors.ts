import type { Hex } from 'viem'

/**
 * Signatures of common functions by their 4-byte selector, so a call clear signing does not
 * describe in words still shows what it calls ("Calls approve(address,uint256)") rather than
 * 0x095ea7b3. Bundled rather than looked up (4byte.directory and the like): the vault page makes no
 * requests but its own, and a lookup service could answer with a misleading name. Different
 * functions may share a selector (ERC-20's and ERC-721's `transferFrom` are the same function
 * signature); listed here is what the wallet shows, not a decoding. Every selector is recomputed
 * from its signature in selectors.test.ts.
 */
export const bundledSignatures: Readonly<Record<Hex, string>> = {
  // ERC-20 (EIP-20), and OpenZeppelin's allowance helpers
  '0xa9059cbb': 'transfer(address,uint256)',
  '0x23b872dd': 'transferFrom(address,address,uint256)',
  '0x095ea7b3': 'approve(address,uint256)',
  '0x39509351': 'increaseAllowance(address,uint256)',
  '0xa457c2d7': 'decreaseAllowance(address,uint256)',
  // EIP-2612 permit, and DAI's older permit
  '0xd505accf': 'permit(address,address,uint256,uint256,uint8,bytes32,bytes32)',
  '0x8fcbaf0c': 'permit(address,address,uint256,uint256,bool,uint8,bytes32,bytes32)',
  // ERC-721 (EIP-721) and ERC-1155 (EIP-1155)
  '0x42842e0e': 'safeTransferFrom(address,address,uint256)',
  '0xb88d4fde': 'safeTransferFrom(address,address,uint256,bytes)',
  '0xf242432a': 'safeTransferFrom(address,address,uint256,uint256,bytes)',
  '0x2eb2c2d6': 'safeBatchTransferFrom(address,address,uint256[],uint256[],bytes)',
  '0xa22cb465': 'setApprovalForAll(address,bool)',
  // WETH9
  '0xd0e30db0': 'deposit()',
  '0x2e1a7d4d': 'withdraw(uint256)',
  // Uniswap Permit2 (AllowanceTransfer and SignatureTransfer)
  '0x87517c45': 'approve(address,address,uint160,uint48)',
  '0x2b67b570': 'permit(address,((address,uint160,uint48,uint48),address,uint256),bytes)',
  '0x2a2d80d1': 'permit(address,((address,uint160,uint48,uint48)[],address,uint256),bytes)',
  '0x36c78516': 'transferFrom(address,address,uint160,address)',
  '0x0d58b1db': 'transferFrom((address,address,uint160,address)[])',
  '0x30f28b7a': 'permitTransferFrom(((address,uint256),uint256,uint256),(address,uint256),address,bytes)',
  '0xedd9444b': 'permitTransferFrom(((address,uint256)[],uint256,uint256),(address,uint256)[],address,bytes)',
  // Uniswap Universal Router
  '0x3593564c': 'execute(bytes,bytes[],uint256)',
  '0x24856bc3': 'execute(bytes,bytes[])',
  // Uniswap V3 SwapRouter and SwapRouter02 (multicall variants, swaps, payments)
  '0xac9650d8': 'multicall(bytes[])',
  '0x5ae401dc': 'multicall(uint256,bytes[])',
  '0x414bf389': 'exactInputSingle((address,address,uint24,address,uint256,uint256,uint256,uint160))',
  '0x04e45aaf': 'exactInputSingle((address,address,uint24,address,uint256,uint256,uint160))',
  '0xc04b8d59': 'exactInput((bytes,address,uint256,uint256,uint256))',
  '0xb858183f': 'exactInput((bytes,address,uint256,uint256))',
  '0x49404b7c': 'unwrapWETH9(uint256,address)',
  // Uniswap V2 Router02 (and SwapRouter02's V2 swaps, which have no deadline)
  '0x38ed1739': 'swapExactTokensForTokens(uint256,uint256,address[],address,uint256)',
  '0x8803dbee': 'swapTokensForExactTokens(uint256,uint256,address[],address,uint256)',
  '0x7ff36ab5': 'swapExactETHForTokens(uint256,address[],address,uint256)',
  '0xfb3bdb41': 'swapETHForExactTokens(uint256,address[],address,uint256)',
  '0x18cbafe5': 'swapExactTokensForETH(uint256,uint256,address[],address,uint256)',
  '0x4a25d94a': 'swapTokensForExactETH(uint256,uint256,address[],address,uint256)',
  '0x472b43f3': 'swapExactTokensForTokens(uint256,uint256,address[],address)',
  '0x42712a67': 'swapTokensForExactTokens(uint256,uint256,address[],address)',
  // Multicall3
  '0x82ad56cb': 'aggregate3((address,bool,bytes)[])',
  '0x174dea71': 'aggregate3Value((address,bool,uint256,bytes)[])',
}

/**
 * The signature of the function a 4-byte selector calls, e.g. `'approve(address,uint256)'` for
 * `0x095ea7b3`, whatever the case of its hex digits; undefined when not bundled.
 */
export function functionName(selector: Hex): string | undefined {
  const key = selector.toLowerCase() as Hex
  return Object.hasOwn(bundledSignatures, key) ? bundledSignatures[key] : undefined
}
