import { format } from './format'

/**
 * Strings of the embedded wallet's confirmation sheet: what a request that uses the key asks the
 * user. Its own catalogue section, loaded with the sheet (only while the embedded wallet is connected).
 */
export const embeddedConfirmation = {
  'sheet.label': 'Confirm a request from this site',
  'sheet.requestedBy': 'Requested by {host}',
  'sheet.approve': 'Approve',
  'sheet.reject': 'Reject',
  'sheet.queued': '{count} more waiting',
  'message.title': 'Sign a message',
  'message.text': 'Message',
  'message.hex': 'Message (not text, shown as hex)',
  'signIn.title': 'Sign in to {domain}',
  'signIn.intro': 'This proves to {domain} that you own this address. It costs nothing and sends nothing.',
  'signIn.otherSite': 'Careful: this sign-in is for {domain}, not for the site you are on ({host}). Reject it unless you expected this.',
  'signIn.statement': 'Statement',
  'signIn.address': 'Address',
  'signIn.chain': 'Network',
  'typedData.title': 'Sign structured data',
  'typedData.domain': 'Application',
  'typedData.chain': 'Network',
  'typedData.contract': 'Contract',
  'typedData.primaryType': 'Type',
  'typedData.fields': 'Contents',
  'typedData.more': '{count} more fields not shown',
  'transaction.title': 'Send a transaction',
  'transaction.signTitle': 'Sign a transaction',
  'transaction.to': 'To',
  'transaction.create': 'New contract',
  'transaction.value': 'Amount',
  'transaction.data': 'Data',
  'transaction.selector': 'Function {selector}',
  'transaction.noData': 'None',
  'transaction.chain': 'Network',
  'transaction.fee': 'Estimated network fee (at most)',
  'transaction.feeUnknown': 'Unknown',
  'locked': 'The wallet locked itself after a while without use. Your passkey will be asked for again.',
} as const

export type EmbeddedConfirmationKey = keyof typeof embeddedConfirmation

export function tEmbeddedConfirmation(key: EmbeddedConfirmationKey, values?: Record<string, string | number>): string {
  return format(embeddedConfirmation[key], values)
}
