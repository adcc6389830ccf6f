/** Labels longer than this many characters (user-perceived: an emoji with modifiers is one) are cut. */
export const MAX_SHOWN_LABEL = 20

const HEAD = 12
const TAIL = 5

function graphemes(text: string): string[] {
  return Array.from(new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text), (part) => part.segment)
}

/**
 * An ENS name as the account view shows it: each label longer than `MAX_SHOWN_LABEL` keeps its first
 * 12 and last 5 characters around a visible `…`, so a long name cannot push the address out of
 * view or hide a different ending past the edge. `truncated` says whether the full name belongs in
 * the accessible text (only names that passed the display rules ever get here).
 */
export function truncateEnsName(name: string): { shown: string; truncated: boolean } {
  let truncated = false
  const labels = name.split('.').map((label) => {
    const characters = graphemes(label)
    if (characters.length <= MAX_SHOWN_LABEL) return label
    truncated = true
    return `${characters.slice(0, HEAD).join('')}…${characters.slice(-TAIL).join('')}`
  })
  return { shown: labels.join('.'), truncated }
}
