import { familyOf } from '@sigil/connectors/shared/lazyConnector'
import type { Messages } from '@sigil/lib/i18n/messages'
// The families' catalogue sections are registered by their manifests (`declare module`): named here
// so the sections' types are there wherever this module is compiled, the package's own build included.
import type {} from '@sigil/connectors/manifests'

/**
 * A family connector's name in the page's language, when its listing names one (`listing.name`:
 * a key of its catalogue section, e.g. the embedded wallet's "Email & passkey wallet") and the
 * locale has it; else undefined, and the connector's own name stands. English pages load no strings:
 * their name is the connector's.
 */
export function familyName(connector: object, messages: Messages | undefined): string | undefined {
  const name = familyOf(connector)?.listing?.name
  if (!name || !messages) return undefined
  const section = messages[name.section] as Readonly<Record<string, string>> | undefined
  return section?.[name.key]
}
