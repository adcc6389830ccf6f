/**
 * A first test with the test kit, as its README walks another project through it, run by plain Node
 * from the kit's tarball: a local chain, a WalletConnect relay on loopback, the kit's wallet on the
 * published wallet SDK pairing with a dapp, a signature verified, and a mail caught. Then the rest of
 * the kit once each: the Coinbase stand-in (its smart account's ERC-6492 signature, its keys page),
 * and in Chromium MetaMask's inpage provider speaking for the kit's wallet and a virtual passkey.
 * Prints what it saw.
 */
import { Core } from '@walletconnect/core'
import { SignClient } from '@walletconnect/sign-client'
import { createPublicClient, createWalletClient, http, parseEther, toHex, verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { connect } from 'node:net'
import { chromium } from '@playwright/test'
import { ANVIL_PRIVATE_KEYS, startAnvil } from '@sigil/test-kit/anvil'
import { startKeysServer } from '@sigil/test-kit/coinbase/keysServer'
import { deploySmartWalletFactory } from '@sigil/test-kit/coinbase/smartAccount'
import { installInjectedWallet } from '@sigil/test-kit/injectedWallet'
import { addVirtualAuthenticator } from '@sigil/test-kit/passkeys'
import { startMailCatcher } from '@sigil/test-kit/smtp'
import { startRelay } from '@sigil/test-kit/walletConnect/relay'
import { startTestWallet } from '@sigil/test-kit/walletConnect/wallet'
import { profileInstall, walletProfiles } from '@sigil/test-kit/walletProfiles'
import { isWalletLink, matrixPlatforms, rowsFor, type MatrixPlatform } from '@sigil/test-kit/noDeadEnds'
import { walletBook } from '@sigil/wallet-book'

// Stopped from outside (the check's time limit): exit so that the kit's exit handlers stop anvil and
// Playwright stops Chromium, instead of leaving them running.
process.once('SIGTERM', () => process.exit(143))

const anvil = await startAnvil()
const relay = await startRelay()
const mail = await startMailCatcher()
try {
  // The chain: a transfer from anvil's first account, mined.
  const chain = { id: anvil.chainId, name: 'anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [anvil.rpcUrl] } } } as const
  const reader = createPublicClient({ chain, transport: http(anvil.rpcUrl) })
  const sender = createWalletClient({ chain, transport: http(anvil.rpcUrl), account: privateKeyToAccount(ANVIL_PRIVATE_KEYS[0]) })
  const hash = await sender.sendTransaction({ to: privateKeyToAccount(ANVIL_PRIVATE_KEYS[1]).address, value: parseEther('1') })
  const receipt = await reader.waitForTransactionReceipt({ hash })

  // WalletConnect: the kit's wallet pairs with a dapp through the kit's relay, and signs.
  process.env.DISABLE_GLOBAL_CORE = 'true'
  const wallet = await startTestWallet({ relayUrl: relay.url, rpcUrl: anvil.rpcUrl })
  const core = new Core({ projectId: 'test', relayUrl: relay.url, customStoragePrefix: 'dapp', storageOptions: { database: ':memory:' }, telemetryEnabled: false, logger: 'error' })
  core.verify.resolve = async () => undefined as never
  const dapp = await SignClient.init({ core, metadata: { name: 'Consumer', description: 'A consumer of the test kit', url: 'http://localhost', icons: [] } })
  const { uri, approval } = await dapp.connect({ optionalNamespaces: { eip155: { chains: [`eip155:${anvil.chainId}`], methods: ['personal_sign'], events: ['chainChanged', 'accountsChanged'] } } })
  if (!uri) throw new Error('no pairing URI')
  const [session] = await Promise.all([approval(), wallet.pair(uri)])
  const message = 'Hello from the test kit'
  const signature = await dapp.request<`0x${string}`>({ topic: session.topic, chainId: `eip155:${anvil.chainId}`, request: { method: 'personal_sign', params: [toHex(message), wallet.address] } })
  const verified = await verifyMessage({ address: wallet.address, message, signature })
  // Stopping a Core: its heartbeat, then its socket.
  dapp.core.heartbeat.stop()
  await dapp.core.relayer.transportClose()
  await wallet.stop()

  // Mail: one message over SMTP, as an app's mailer sends it.
  await sendMail(mail.port, 'someone@example.com', 'Your code', 'Your code is 123456.')
  const caught = await mail.waitFor((found) => found.subject === 'Your code')

  // The Coinbase stand-in: a smart account not deployed yet signs (ERC-6492), viem verifies it on
  // anvil; the keys page's script is served.
  const smartWallets = await deploySmartWalletFactory(anvil.rpcUrl)
  const owner = privateKeyToAccount(ANVIL_PRIVATE_KEYS[2])
  const smartAccount = await smartWallets.predict(owner.address, 0)
  const counterfactual = await smartWallets.signCounterfactual(owner, 0, message)
  const smartVerified = await reader.verifyMessage({ address: smartAccount, message, signature: counterfactual })
  const keys = await startKeysServer()
  const keysScript = await fetch(`${keys.origin}/keys.js`)
  await keys.stop()

  // In Chromium: MetaMask's own inpage provider, announced by EIP-6963, answering for the kit's
  // wallet; Chromium's virtual authenticator making a passkey.
  const site = createServer((_request, response) => response.end('<!doctype html><title>consumer</title>')).listen(0, '127.0.0.1')
  await new Promise((resolve) => site.once('listening', resolve))
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] })
  let browserSaw: { rdns: string; accounts: string[]; passkey: boolean }
  try {
    const page = await browser.newPage()
    await installInjectedWallet(page, { rpcUrl: anvil.rpcUrl, provider: 'metamask-inpage' })
    await page.goto(`http://localhost:${(site.address() as AddressInfo).port}/`)
    await addVirtualAuthenticator(page)
    browserSaw = await page.evaluate(async () => {
      type Announced = CustomEvent<{ info: { rdns: string }; provider: { request(args: { method: string }): Promise<string[]> } }>
      const announced = new Promise<Announced['detail']>((resolve) => window.addEventListener('eip6963:announceProvider', (event) => resolve((event as Announced).detail), { once: true }))
      window.dispatchEvent(new Event('eip6963:requestProvider'))
      const { info, provider } = await announced
      const accounts = await provider.request({ method: 'eth_requestAccounts' })
      const credential = await navigator.credentials.create({
        publicKey: {
          challenge: crypto.getRandomValues(new Uint8Array(32)),
          rp: { id: 'localhost', name: 'consumer' },
          user: { id: crypto.getRandomValues(new Uint8Array(16)), name: 'someone', displayName: 'Someone' },
          pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
          authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        },
      })
      return { rdns: info.rdns, accounts, passkey: credential !== null }
    })
  } finally {
    await browser.close()
    site.close()
  }

  // The no-dead-ends matrix for the book of the wallet-book's tarball: the rows a dialog must list
  // on each platform, with or without WalletConnect, and where each must lead; a store row's page
  // is a link the network guard lets a tap ask for.
  const matrix = (Object.keys(matrixPlatforms) as MatrixPlatform[]).flatMap((platform) =>
    [true, false].map((walletConnect) => {
      const rows = rowsFor({ book: walletBook, platform, walletConnect })
      const destinations = [...new Set(rows.map((row) => row.destination))].sort().join('+')
      const storesAllowed = rows.every((row) => row.destination !== 'store-page' || isWalletLink(walletBook, row.storeUrl!))
      return `${platform}${walletConnect ? '' : '-no-project-id'}:${rows.length}:${destinations}:${storesAllowed}`
    }),
  )

  const summary = {
    matrix,
    mined: receipt.status,
    paired: wallet.sessions().length,
    relayProposals: relay.stats.proposals,
    signatureVerified: verified,
    mail: caught.text.trim(),
    smartSignatureVerified: smartVerified,
    keysScript: `${keysScript.status} ${keysScript.headers.get('content-type')}`,
    metaMask: browserSaw.rdns,
    injectedAccount: browserSaw.accounts[0] === privateKeyToAccount(ANVIL_PRIVATE_KEYS[0]).address,
    passkey: browserSaw.passkey,
    profiles: walletProfiles.map((profile) => `${profile.row}:${Object.keys(profileInstall(profile)).length}`),
  }
  console.log(JSON.stringify(summary))
} finally {
  await mail.close()
  await relay.close()
  await anvil.stop()
}

/** A plain SMTP conversation (no client library): what the catcher must understand. */
function sendMail(port: number, to: string, subject: string, text: string): Promise<void> {
  const lines = ['EHLO consumer', 'MAIL FROM:<app@example.com>', `RCPT TO:<${to}>`, 'DATA', `From: app@example.com\r\nTo: ${to}\r\nSubject: ${subject}\r\n\r\n${text}\r\n.`, 'QUIT']
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    let buffer = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => {
      buffer += chunk
      // Each reply ends with a line "NNN text"; EHLO's many lines end with one without a dash.
      while (/^\d{3} .*\r\n/m.test(buffer)) {
        buffer = buffer.replace(/^[\s\S]*?^\d{3} .*\r\n/m, '')
        const next = lines.shift()
        if (next === undefined) return
        socket.write(`${next}\r\n`)
      }
    })
    socket.on('end', () => resolve())
    socket.on('error', reject)
  })
}
