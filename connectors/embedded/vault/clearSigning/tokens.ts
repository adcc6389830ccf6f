import { getAddress, isAddress, type Address } from 'viem'

/**
 * The tokens clear signing names without asking the network: the stablecoins and wrapped native
 * coins most approvals and permits are about, on the chains the app offers. Anything else is shown
 * as a raw amount of a contract address, which is honest, just less readable.
 */

export type TokenFacts = { symbol: string; name: string; decimals: number }

const USDC: TokenFacts = { symbol: 'USDC', name: 'USD Coin', decimals: 6 }
// Bridged USDC contracts also call themselves "USDC"; the label bridges and explorers use lets the
// user tell them from Circle's native USDC on the same chain (the two are not interchangeable).
const USDC_E: TokenFacts = { symbol: 'USDC.e', name: 'Bridged USDC', decimals: 6 }
const USDBC: TokenFacts = { symbol: 'USDbC', name: 'USD Base Coin', decimals: 6 }
const USDT: TokenFacts = { symbol: 'USDT', name: 'Tether USD', decimals: 6 }
const DAI: TokenFacts = { symbol: 'DAI', name: 'Dai Stablecoin', decimals: 18 }
const WETH: TokenFacts = { symbol: 'WETH', name: 'Wrapped Ether', decimals: 18 }
const WPOL: TokenFacts = { symbol: 'WPOL', name: 'Wrapped POL', decimals: 18 }

/** OP Stack chains predeploy WETH at this address (OP Mainnet, Base, Base Sepolia). */
const OP_STACK_WETH: Address = '0x4200000000000000000000000000000000000006'

/** Every entry, checksummed (EIP-55); tokens.test.ts checks the addresses and the uniqueness. */
export const bundledTokens: readonly (readonly [chainId: number, address: Address, facts: TokenFacts])[] = [
  // Ethereum
  [1, '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', USDC],
  [1, '0xdAC17F958D2ee523a2206206994597C13D831ec7', USDT],
  [1, '0x6B175474E89094C44Da98b954EedeAC495271d0F', DAI],
  [1, '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', WETH],
  // OP Mainnet
  [10, '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85', USDC],
  [10, '0x7F5c764cBc14f9669B88837ca1490cCa17c31607', USDC_E],
  [10, '0x94b008aA00579c1307B0EF2c499aD98a8ce58e58', USDT],
  [10, '0xDA10009cBd5D07dd0CeCc66161FC93D7c9000da1', DAI],
  [10, OP_STACK_WETH, WETH],
  // Base
  [8453, '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', USDC],
  [8453, '0xd9aAEc86B65D86f6A7B5B1b0c42FFA531710b6CA', USDBC],
  [8453, '0xfde4C96c8593536E31F229EA8f37b2ADa2699bb2', USDT],
  [8453, '0x50c5725949A6F0c72E6C4a641F24049A917DB0Cb', DAI],
  [8453, OP_STACK_WETH, WETH],
  // Arbitrum One
  [42161, '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', USDC],
  [42161, '0xFF970A61A04b1cA14834A43f5dE4533eBDDB5CC8', USDC_E],
  [42161, '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9', USDT],
  [42161, '0xDA10009cBd5D07dd0CeCc66161FC93D7c9000da1', DAI],
  [42161, '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1', WETH],
  // Polygon
  [137, '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359', USDC],
  [137, '0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174', USDC_E],
  [137, '0xc2132D05D31c914a87C6611C10748AEb04B58e8F', USDT],
  [137, '0x8f3Cf7ad23Cd3CaDbD9735AFf958023239c6A063', DAI],
  [137, '0x7ceB23fD6bC0adD59E62ac25578270cFf1b9f619', WETH],
  [137, '0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270', WPOL],
  // Sepolia: Circle's test USDC and the WETH the Uniswap deployment there uses
  [11155111, '0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238', USDC],
  [11155111, '0xfFf9976782d46CC05630D1f6eBAb18b2324d6B14', WETH],
  // Base Sepolia
  [84532, '0x036CbD53842c5426634e7929541eC2318f3dCF7e', USDC],
  [84532, OP_STACK_WETH, WETH],
]

const byKey = new Map(bundledTokens.map(([chainId, address, facts]) => [`${chainId}:${address}`, facts]))

/** The bundled facts of a token contract, whatever the case of `address`; undefined when not bundled. */
export function tokenFor(chainId: number, address: Address): TokenFacts | undefined {
  if (!isAddress(address, { strict: false })) return undefined
  return byKey.get(`${chainId}:${getAddress(address)}`)
}
