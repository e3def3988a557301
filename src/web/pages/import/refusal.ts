/**
 * Why the API refused an upload, in the user's language. The frequent refusals (src/features/import) have
 * their own sentence; the many precise ones (a damaged entry, an invalid value in data.json…) keep the API's
 * English detail after a translated lead, because they name entries and values no translation could.
 */
import { ApiError } from '../../lib/api'
import { errorMessage, fieldMessage } from '../../lib/api-messages'
import type { Lang, Translate } from '../../lib/i18n'
import type { strings } from './strings'

type Key = keyof typeof strings.en

export interface Refusal { text: string; detail?: string }

const NOT_EXPORT = /^The file is not a daybook export\b/
const VERSION = /^The export's format version (.+) is not supported; this server reads version (\d+)\.$/
const TOO_LARGE = /^The file must not be larger than (\d+) MiB\.$/

/** The `file` field's message of a 422, or undefined when the refusal is not about the file. */
export function fileRefusal(error: unknown, t: Translate<Key>, label: string, lang: Lang): Refusal | undefined {
  if (!(error instanceof ApiError) || error.status !== 422) return undefined
  const message = error.field('file')
  if (!message) return undefined
  if (message === 'The file is not a ZIP archive.') return { text: t('notZip') }
  if (NOT_EXPORT.test(message)) return { text: t('notExport') }
  const version = VERSION.exec(message)
  if (version) return { text: t('version', { found: version[1]!, reads: version[2]! }) }
  const tooLarge = TOO_LARGE.exec(message)
  if (tooLarge) return { text: t('tooLarge', { mib: tooLarge[1]! }) }
  const translated = fieldMessage(message, label, lang)
  if (translated !== message || lang === 'en') return { text: translated }
  return { text: t('refused'), detail: message }
}

/** Any other failure of the upload: one import at a time (429), too large for the server (413), the network… */
export function uploadError(error: unknown, t: Translate<Key>, lang: Lang): string {
  if (error instanceof ApiError && error.status === 429) return t('running')
  return errorMessage(error, lang)
}
