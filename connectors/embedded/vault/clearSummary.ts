import { statementText, type ClearT } from './clearSigning/render'
import type { ClearStatement } from './clearSigning/statement'
import type { VaultStrings } from './strings'

type Line = { text: string; strong?: boolean }[]

/**
 * The sheet's plain-words lines for a request (clear signing): what a known token call or permit
 * does, from data bundled with the vault (clearSigning/), with its warnings; for another call, the
 * function's name when the selector is a known one. Nothing for a request it does not know. It takes
 * only those two fields of a signing request (signing.ts), which loads this chunk.
 */
export function summarise(request: { readonly statement: ClearStatement | undefined; readonly functionSignature: string | undefined }, t: VaultStrings, locale: string): { summary?: Line[]; warnings?: string[] } {
  const sheet: ClearT = (key, values) => t.sheet(key, values)
  if (request.statement) {
    const text = statementText(request.statement, sheet, locale)
    const summary: Line[] = [text.segments.map((segment) => ({ text: segment.text, strong: segment.strong === true }))]
    if (text.deadline) summary.push([{ text: text.deadline }])
    return { summary, warnings: text.warnings }
  }
  if (request.functionSignature) return { summary: [[{ text: t.sheet('clear.function', { name: request.functionSignature }) }]] }
  return {}
}
