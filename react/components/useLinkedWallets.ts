'use client'
import { useEffect, useRef, useState } from 'react'
import { isAddressEqual, type Address } from 'viem'
import { disconnect, getConnection, switchConnection, type Config, type Connector } from '@wagmi/core'
import { useConfig } from 'wagmi'
import { shownError, type ShownError } from '@sigil/lib/errors/shownError'
import { createLinkMessage, fetchLinkNonce, isAuthError, linkWallet, unlinkWallet, type AuthApiError, type LinkedWallet, type SigilAccount } from '@sigil/lib/siwe/client'
import { familyOfConnectorType, type WalletFamilyId } from '@sigil/lib/siwe/families'
import { linkStatement } from '@sigil/lib/siwe/link'
import { storageKeys } from '@sigil/lib/storageNames'
import { signPersonalMessage } from '@/react/wagmi/signPersonalMessage'
import { mapProviderError } from '@sigil/connectors/shared/providerErrors'
import { offerLinkWhileConnecting, takeHandedOffSignIn } from '@sigil/connectors/shared/signInHandOff'
import { useSetSigilAccount, useSigilAccount } from './useSigilAccount'
import type { UseQueryResult } from '@tanstack/react-query'

/** A wallet connected beside the session's to be linked: a second wagmi connection, ended once done. */
type Candidate = { connector: Connector; address: Address; chainId: number }

/** Makes `uid` wagmi's current connection again, if it is still connected and is not already. */
async function backTo(config: Config, uid: string | null): Promise<void> {
  const connection = uid ? config.state.connections.get(uid) : undefined
  if (connection && config.state.current !== uid) await switchConnection(config, { connector: connection.connector })
}

/**
 * The session's connection's stored values (the four of its connector key), as linking started. The
 * same wallet over its other transport (MetaMask's extension and MetaMask over WalletConnect) shares
 * its key and so its values: connecting it beside the session's overwrote them, and ending it cleared
 * them, so a reload no longer restored the session's connection
 * (docs/connectors/stored-values.md#the-connector-key).
 */
type KeptValues = { key: string; values: [name: string, value: string | null][] }

const keyOf = (connector: Connector | undefined) => (connector as { sigil?: { key?: string } } | undefined)?.sigil?.key

function keepValues(connector: Connector | undefined): KeptValues | null {
  const key = keyOf(connector)
  if (!key) return null
  try {
    return { key, values: Object.values(storageKeys(key)).map((name) => [name, localStorage.getItem(name)]) }
  } catch {
    return null // Storage denied: nothing is stored to keep.
  }
}

/** Ends the second connection and puts the session's connection back as the current one, with its stored values if they shared a key. */
async function endCandidate(config: Config, candidate: Candidate, original: string | null, kept: KeptValues | null = null): Promise<void> {
  try {
    await disconnect(config, { connector: candidate.connector })
  } catch {
    // Already gone (the wallet ended it): nothing to undo.
  }
  if (kept && keyOf(candidate.connector) === kept.key && original && config.state.connections.has(original)) {
    try {
      for (const [name, value] of kept.values) {
        if (value === null) localStorage.removeItem(name)
        else localStorage.setItem(name, value)
      }
    } catch {
      // Storage denied: as above.
    }
  }
  await backTo(config, original)
}

/**
 * The account's linked wallets as last read: loading (nothing read yet), read, or a reading that
 * failed (`wallets`: what an earlier reading gave, if any; shown with the error).
 */
type LinkedWalletsListing = { kind: 'loading' } | { kind: 'ready'; wallets: LinkedWallet[] } | { kind: 'failed'; error: ShownError; wallets: LinkedWallet[] }

/**
 * Where a link stands: not linking (`off`); linking the wallet connected now, the user switching to
 * the account to link in it (`switch`, `address` follows the wallet); or linking a wallet of another
 * family connected beside the session's (`beside`). `alreadyLinked`: the address is one of the
 * account's, nothing to sign.
 */
type LinkState =
  | { kind: 'off' }
  | { kind: 'switch'; address: Address; alreadyLinked: boolean }
  | { kind: 'beside'; address: Address; family: WalletFamilyId | undefined; alreadyLinked: boolean }

/** What is in progress: a link's signature and call, or the unlinking of one address. */
type LinkedWalletsBusy = { kind: 'linking' } | { kind: 'unlinking'; address: Address } | null

/** What just happened, for the view to say in its words. */
export type LinkedWalletsNote = { kind: 'linked'; address: Address } | { kind: 'unlinked'; address: Address } | { kind: 'not-completed' } | null

type UseLinkedWalletsOptions = {
  /** The wallet account connected now (the one a link would add when no other wallet connects). */
  address: Address
  chainId: number
  /** `useSigilAccount()`'s result when the caller reads it already; read here otherwise. */
  account?: UseQueryResult<SigilAccount | null, AuthApiError> | undefined
  /** Whether the user is linking, when the caller holds it (the sign-in panel keeps the session meanwhile); held here otherwise. */
  linking?: boolean | undefined
  onLinkingChange?: ((linking: boolean) => void) | undefined
  /** This browser's session ended (its own wallet unlinked). */
  onSignedOut: () => void
}

/**
 * The linked wallets without their markup (LinkedWallets.tsx draws them): the account's wallets
 * from the server (`listing`), `unlink(wallet)` (the server refuses the last one; the session's own
 * ends the session: `onSignedOut`), and linking another wallet: `startLinking()` opens the connect
 * dialog in its linking mode (`dialog`: render one, Sigil's `ConnectDialog linking` or one over
 * `useConnectDialog({ linking: true })`, while `dialog.open`, with `dialog.onClose` and
 * `dialog.onConnected`). A wallet of another family connects beside the session's (a second wagmi
 * connection; the session's is made the current one again) and `signLink()` has it sign the link
 * message; that second connection is then ended, as it is by `stopLinking()`. Picking the wallet
 * already connected asks the user to switch to the account to link in it (`link.kind === 'switch'`).
 * A wallet that signs as it connects (WalletConnect's authenticate) is linked at once.
 *
 * Also: `busy` (what is in progress; every action does nothing meanwhile), `note` (linked, unlinked,
 * a signature not completed), `failure` (the last action's error, with the catalogue's words), and
 * two refs for the "Link another wallet" and sign buttons, where the keyboard focus goes once the
 * dialog is gone. `unlink` and `signLink` resolve to whether they did what was asked. A wallet left
 * connected beside the session's by a link the page did not finish (a reload) is ended on mount.
 */
export function useLinkedWallets({ address, chainId, account: given, linking: linkingGiven, onLinkingChange, onSignedOut }: UseLinkedWalletsOptions) {
  const config = useConfig()
  const setAccount = useSetSigilAccount()
  // Read here only when the caller does not (an observer left disabled otherwise: it asks nothing).
  const own = useSigilAccount({ enabled: given === undefined })
  const account = given ?? own
  const [linkingHeld, setLinkingHeld] = useState(false)
  const linking = linkingGiven ?? linkingHeld
  const setLinking = (next: boolean) => {
    setLinkingHeld(next)
    onLinkingChange?.(next)
  }
  const [busy, setBusy] = useState<LinkedWalletsBusy>(null)
  const [note, setNote] = useState<LinkedWalletsNote>(null)
  const [failure, setFailure] = useState<ShownError | null>(null)
  const linkButtonRef = useRef<HTMLButtonElement>(null)
  const signButtonRef = useRef<HTMLButtonElement>(null)
  const [dialogOpen, setDialogOpen] = useState(false)
  const [candidate, setCandidate] = useState<Candidate | null>(null)
  // The connection the session's page had when linking started (wagmi makes a new one current).
  const original = useRef<string | null>(null)
  const kept = useRef<KeptValues | null>(null)
  // A link nonce asked for as the candidate appears: the tap then signs at once (a popup opens in it).
  const nextNonce = useRef<Promise<{ nonce: string; accountId: string }> | null>(null)
  // Where the keyboard goes once the dialog is gone and the panel has changed under it.
  const focusTo = useRef<'link' | 'sign' | null>(null)
  useEffect(() => {
    if (focusTo.current === null || dialogOpen) return
    ;(focusTo.current === 'sign' ? signButtonRef : linkButtonRef).current?.focus()
    focusTo.current = null
  }, [dialogOpen, linking, candidate])
  // A candidate left connected when the panel goes (signed out meanwhile) is ended with it.
  const candidateNow = useRef<Candidate | null>(null)
  useEffect(() => {
    candidateNow.current = candidate
  }, [candidate])
  useEffect(
    () => () => {
      const left = candidateNow.current
      if (left) void endCandidate(config, left, original.current, kept.current)
    },
    [config],
  )

  // A wallet left connected beside the session's by a link the page did not finish (reloaded while
  // linking: wagmi restores every connection) is ended once the connections are restored. The page
  // makes no other second connection, so anything but the current one is such a leftover.
  const swept = useRef(false)
  useEffect(() => {
    const sweep = () => {
      if (swept.current) return
      swept.current = true
      const current = config.state.current
      for (const [uid, connection] of config.state.connections) {
        if (uid !== current) void endCandidate(config, { connector: connection.connector, address: connection.accounts[0], chainId: connection.chainId }, current)
      }
    }
    if (config.state.status !== 'reconnecting') return sweep()
    const unsubscribe = config.subscribe(
      (state) => state.status,
      (status) => {
        if (status === 'reconnecting') return
        unsubscribe()
        sweep()
      },
    )
    return unsubscribe
  }, [config])

  const wallets = account.data?.wallets ?? []
  const listing: LinkedWalletsListing = account.error
    ? { kind: 'failed', error: shownError(account.error), wallets }
    : account.isPending
      ? { kind: 'loading' }
      : { kind: 'ready', wallets }
  const linkingAddress = candidate?.address ?? address
  const alreadyLinked = wallets.some((wallet) => isAddressEqual(wallet.address, linkingAddress))
  const link: LinkState = !linking
    ? { kind: 'off' }
    : candidate
      ? { kind: 'beside', address: candidate.address, family: familyOfConnectorType(candidate.connector.type), alreadyLinked }
      : { kind: 'switch', address, alreadyLinked }

  async function unlink(wallet: LinkedWallet): Promise<boolean> {
    if (busy !== null) return false
    setBusy({ kind: 'unlinking', address: wallet.address })
    setNote(null)
    setFailure(null)
    try {
      const after = await unlinkWallet(wallet.address)
      if (after === 'signedOut') {
        onSignedOut()
        return true
      }
      setAccount(after)
      setNote({ kind: 'unlinked', address: wallet.address })
      return true
    } catch (error) {
      if (isAuthError(error) && error.code === 'unknown_wallet') setAccount()
      setFailure(shownError(error))
      return false
    } finally {
      setBusy(null)
    }
  }

  // While the dialog is open, a wallet that can sign as it connects (WalletConnect's authenticate
  // request) is asked for the link message itself: linking takes one approval in the wallet.
  const stopOffering = useRef<(() => void) | null>(null)
  function offerLink(on: boolean) {
    stopOffering.current?.()
    stopOffering.current = on
      ? offerLinkWhileConnecting(async () => {
          const { nonce, accountId } = await fetchLinkNonce()
          return { nonce, statement: linkStatement(accountId) }
        })
      : null
  }
  useEffect(() => () => stopOffering.current?.(), [])

  function startLinking() {
    if (busy !== null) return
    original.current = config.state.current
    kept.current = keepValues(original.current ? config.state.connections.get(original.current)?.connector : undefined)
    setNote(null)
    setFailure(null)
    // Linking before the dialog opens: the sign-in panel keeps the session while wagmi makes the new
    // connection the current one for a moment.
    setLinking(true)
    offerLink(true)
    setDialogOpen(true)
  }

  function dialogClosed() {
    offerLink(false)
    setDialogOpen(false)
    setLinking(false)
    focusTo.current = 'link'
  }

  async function dialogConnected() {
    offerLink(false)
    setDialogOpen(false)
    const uid = config.state.current
    const connection = uid ? config.state.connections.get(uid) : undefined
    focusTo.current = 'sign'
    // The wallet already connected: the user switches to the account to link in it (the hint says so).
    if (!uid || uid === original.current || !connection?.accounts[0]) return
    const added: Candidate = { connector: connection.connector, address: connection.accounts[0], chainId: connection.chainId }
    setCandidate(added)
    // Signed as it connected (one approval): linked at once, with no second tap.
    const handed = takeHandedOffSignIn(added.address, 'link')
    if (!handed) askNonce()
    await backTo(config, original.current)
    if (handed) await linkWith(added, added, async () => ({ message: handed.message, signature: handed.signature }))
  }

  /** A link nonce for the candidate's next tap (each is used once, linked or not). */
  function askNonce() {
    const asked = fetchLinkNonce()
    nextNonce.current = asked
    asked.catch(() => {
      // Asked again at the tap, which reports it.
      if (nextNonce.current === asked) nextNonce.current = null
    })
  }

  function stopLinking() {
    if (candidate) void endCandidate(config, candidate, original.current, kept.current)
    setCandidate(null)
    nextNonce.current = null
    setLinking(false)
    setFailure(null)
    // The group with its Cancel goes: the keyboard lands on "Link a wallet", where it started.
    focusTo.current = 'link'
  }

  function signLink(): Promise<boolean> {
    if (busy !== null || alreadyLinked) return Promise.resolve(false)
    // The wallet that signs and is linked: the one connected beside the session's, or the connected one.
    const signer = candidate ?? { connector: getConnection(config).connector, address, chainId }
    const asked = nextNonce.current
    nextNonce.current = null
    return linkWith(signer, candidate, async () => {
      // Settled already when the candidate has been on screen a moment: nothing else is awaited first.
      const { nonce, accountId } = asked ? await asked : await fetchLinkNonce()
      const message = createLinkMessage({ address: signer.address, chainId: signer.chainId, nonce, accountId, origin: window.location.origin })
      const signature = await signPersonalMessage(config, { message, connector: candidate?.connector })
      return signature === undefined ? undefined : { message, signature }
    })
  }

  /**
   * Links the wallet that `sign` has sign the link message (undefined: it did not complete), then
   * ends the candidate's connection. `added` is the candidate, if the signer is one.
   */
  async function linkWith(signer: { connector: Connector | undefined; address: Address }, added: Candidate | null, sign: () => Promise<{ message: string; signature: string } | undefined>): Promise<boolean> {
    setBusy({ kind: 'linking' })
    setNote(null)
    setFailure(null)
    try {
      const signed = await sign()
      // Nothing back: the wallet did not complete the signature (its connector swallowed the error);
      // said as the sign-in panel says it (only the Coinbase Smart Wallet's connector does this today).
      if (signed === undefined) {
        if (added) askNonce()
        setNote({ kind: 'not-completed' })
        return false
      }
      const family = familyOfConnectorType(signer.connector?.type)
      setAccount(await linkWallet({ message: signed.message, signature: signed.signature, family }))
      setNote({ kind: 'linked', address: signer.address })
      if (added) await endCandidate(config, added, original.current, kept.current)
      setCandidate(null)
      setLinking(false)
      focusTo.current = 'link'
      return true
    } catch (error) {
      // Shown with the catalogue's words; the session, its connection and the candidate all stay,
      // with a fresh nonce for the next try.
      setFailure(shownError(isAuthError(error) ? error : mapProviderError(error, 'sign')))
      if (added) askNonce()
      return false
    } finally {
      setBusy(null)
    }
  }

  return {
    /** The account's wallets from the server: loading, read, or failed (with the wallets read before). */
    listing,
    /** Where a link stands (off, the connected wallet switching account, a wallet connected beside). */
    link,
    /** What is in progress (a link, an unlink); every action does nothing meanwhile. */
    busy,
    /** What just happened: linked, unlinked, a signature not completed. */
    note,
    /** The last action's error (a failed unlink or link), with the catalogue's words. */
    failure,
    /** Unlinks a wallet; resolves to whether it was unlinked (the session's own: `onSignedOut`). */
    unlink,
    /** "Link another wallet": linking starts and the connect dialog opens in its linking mode. */
    startLinking,
    /** Has the wallet to link sign the link message, then links it; resolves to whether it was linked. */
    signLink,
    /** Stops linking: the wallet connected beside the session's, if any, is ended. */
    stopLinking,
    /** The linking connect dialog: shown while `open`; its `onClose` and `onConnected`. */
    dialog: { open: dialogOpen, onClose: dialogClosed, onConnected: () => void dialogConnected() },
    /** For the "Link another wallet" button: the focus returns there after a link or a closed dialog. */
    linkButtonRef,
    /** For the sign button: the focus goes there once a wallet connected in the dialog. */
    signButtonRef,
  }
}
