import type { Address } from 'viem'
import type { EmbeddedConfirmationKey } from '@sigil/lib/i18n/embeddedConfirmation'
import { isRevoke, warningsOf, type ClearStatement, type TokenAmount } from './statement'

/** The confirmation sheet's `t` (useFamilyT('embeddedConfirmation', …) or tEmbeddedConfirmation). */
export type ClearT = (key: EmbeddedConfirmationKey, values?: Record<string, string | number>) => string

/** A run of the sentence; `strong` marks what the sheet must make stand out ("all your USD Coin"). */
type Segment = { text: string; strong?: true }

export type StatementText = {
  /** The sentence, plain: for screen readers, copying, tests. */
  text: string
  /** The same sentence cut into runs, in order; joined they give `text`. The sheet renders these. */
  segments: Segment[]
  /** When the request is a signature with a deadline: until when it can be used, as a sentence. */
  deadline?: string
  /** One sentence per warning of `warningsOf`, in its order. */
  warnings: string[]
}

/** `0x` and the first and last 4 hex digits: enough to compare with a known address, short enough for a sentence. */
function shortAddress(address: Address): string {
  return `${address.slice(0, 6)}…${address.slice(-4)}`
}

/**
 * A decimal string (`1234567.5`, as formatUnits writes it) with the locale's group and decimal
 * separators. Done on the string, not through Intl.NumberFormat on a number, so no digit of an
 * 18-decimal amount is rounded away.
 */
function localDecimal(value: string, locale: string): string {
  const parts = new Intl.NumberFormat(locale).formatToParts(1234567.5)
  const group = parts.find((part) => part.type === 'group')?.value ?? ','
  const decimal = parts.find((part) => part.type === 'decimal')?.value ?? '.'
  const [whole = '', fraction] = value.split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group)
  return fraction === undefined ? grouped : `${grouped}${decimal}${fraction}`
}

/** `text` cut at each occurrence of a `strong` phrase (phrases are substituted verbatim into `text`). */
function segmentsOf(text: string, strong: readonly string[]): Segment[] {
  const segments: Segment[] = []
  let rest = text
  for (;;) {
    let at = -1
    let phrase = ''
    for (const candidate of strong) {
      const index = candidate ? rest.indexOf(candidate) : -1
      if (index !== -1 && (at === -1 || index < at)) [at, phrase] = [index, candidate]
    }
    if (at === -1) break
    if (at > 0) segments.push({ text: rest.slice(0, at) })
    segments.push({ text: phrase, strong: true })
    rest = rest.slice(at + phrase.length)
  }
  if (rest) segments.push({ text: rest })
  return segments
}

/**
 * A statement as the sheet shows it, in `locale` (a BCP 47 tag; dates in its long style, amounts
 * with its separators): "Lets 0x12…ef spend all your USD Coin until 1 January 2030", "Sends 25.5
 * USDC to 0xab…cd". A token that is not bundled is named by its contract, with the raw amount
 * ("1,000,000 units of token 0x12…ef"). Unlimited amounts and a whole collection are the `strong`
 * segments. `now` only decides the long-lived warning.
 */
export function statementText(statement: ClearStatement, t: ClearT, locale: string, now: number = Date.now()): StatementText {
  const strong: string[] = []
  const dates = new Intl.DateTimeFormat(locale, { dateStyle: 'long' })
  const until = (date: Date | undefined) => (date ? t('clear.until', { date: dates.format(date) }) : t('clear.noExpiry'))

  const amountText = (token: Address, tokenName: string | undefined, amount: TokenAmount, mayBeItem?: boolean): string => {
    if (amount.kind === 'unlimited') {
      const all = tokenName ? t('clear.all', { token: tokenName }) : t('clear.allUnknown', { token: shortAddress(token) })
      strong.push(all)
      return all
    }
    if (amount.formatted !== undefined && amount.symbol !== undefined) return `${localDecimal(amount.formatted, locale)} ${amount.symbol}`
    const raw = amount.raw.toString()
    return t(mayBeItem ? 'clear.unitsOrItem' : 'clear.units', { amount: localDecimal(raw, locale), token: shortAddress(token), id: raw })
  }

  let text: string
  let deadline: Date | undefined
  switch (statement.kind) {
    case 'approve': {
      const spender = shortAddress(statement.spender)
      deadline = statement.deadline
      if (isRevoke(statement)) {
        text = statement.tokenName
          ? t('clear.revoke', { spender, token: statement.tokenName })
          : t('clear.revokeUnknown', { spender, token: shortAddress(statement.token) })
        break
      }
      const amount = amountText(statement.token, statement.tokenName, statement.amount, statement.mayBeItem)
      text = t(statement.via === 'increaseAllowance' ? 'clear.increase' : 'clear.approve', { spender, amount, until: until(statement.until) })
      break
    }
    case 'transfer': {
      const amount = amountText(statement.token, statement.tokenName, statement.amount, statement.mayBeItem)
      const to = shortAddress(statement.to)
      text = statement.from ? t('clear.transferFrom', { amount, from: shortAddress(statement.from), to }) : t('clear.transfer', { amount, to })
      break
    }
    case 'approveAll': {
      const operator = shortAddress(statement.operator)
      const collection = shortAddress(statement.collection)
      if (statement.approved) {
        const all = t('clear.allOfCollection', { collection })
        strong.push(all)
        text = t('clear.approveAll', { operator, all })
      } else {
        text = t('clear.revokeAll', { operator, collection })
      }
      break
    }
    case 'permitBatch': {
      const list = new Intl.ListFormat(locale, { type: 'conjunction' })
      const items = statement.items.map((item) => t('clear.permitItem', { amount: amountText(item.token, item.tokenName, item.amount), until: until(item.until) }))
      text = t('clear.permitBatch', { spender: shortAddress(statement.spender), items: list.format(items) })
      deadline = statement.deadline
      break
    }
    case 'permitTransfer': {
      const list = new Intl.ListFormat(locale, { type: 'conjunction' })
      const items = statement.items.map((item) => amountText(item.token, item.tokenName, item.amount))
      text = t('clear.permitTransfer', { spender: shortAddress(statement.spender), items: list.format(items) })
      deadline = statement.deadline
      break
    }
  }

  return {
    text,
    segments: segmentsOf(text, strong),
    deadline: deadline && t('clear.deadline', { date: dates.format(deadline) }),
    warnings: warningsOf(statement, now).map((warning) => t(`clear.warning.${warning}` as const)),
  }
}
