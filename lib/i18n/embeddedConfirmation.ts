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
  'clear.approve': 'Lets {spender} spend {amount} {until}',
  'clear.increase': 'Lets {spender} spend {amount} more {until}',
  'clear.revoke': 'Takes back the permission of {spender} to spend your {token}',
  'clear.revokeUnknown': 'Takes back the permission of {spender} to spend your tokens of contract {token}',
  'clear.approveAll': 'Lets {operator} move {all}',
  'clear.allOfCollection': 'all your tokens of collection {collection}',
  'clear.revokeAll': 'Takes back the permission of {operator} to move your tokens of collection {collection}',
  'clear.transfer': 'Sends {amount} to {to}',
  'clear.transferFrom': 'Moves {amount} from {from} to {to}',
  'clear.permitBatch': 'Lets {spender} spend {items}',
  'clear.permitItem': '{amount} {until}',
  'clear.permitTransfer': 'Lets {spender} transfer up to {items} out of your account, once',
  'clear.all': 'all your {token}',
  'clear.allUnknown': 'all your tokens of contract {token}',
  'clear.units': '{amount} units of token {token}',
  'clear.unitsOrItem': '{amount} units of token {token} (or its item #{id}, if it is a collection)',
  'clear.until': 'until {date}',
  'clear.noExpiry': 'with no time limit',
  'clear.deadline': 'This signature can be used until {date}.',
  'clear.warning.unlimited': 'No amount limit: the spender can take all of this token you hold, now and in the future.',
  'clear.warning.approveAll': 'This covers every item of the collection you hold, now and in the future.',
  'clear.warning.longLived': 'This permission does not end by itself (or lasts more than a year). Revoke it when you no longer need it.',
  'clear.function': 'Calls {name}',
  'clear.account': 'Signing account',
} as const

export type EmbeddedConfirmationKey = keyof typeof embeddedConfirmation

export function tEmbeddedConfirmation(key: EmbeddedConfirmationKey, values?: Record<string, string | number>): string {
  return format(embeddedConfirmation[key], values)
}
