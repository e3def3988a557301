/** The export's feature names (export.md 1) and the validation of a requested list (export.md 2). */
import { ValidationError } from '../../lib/errors'
import { f, normalizeValue } from '../../lib/validation'

/** Supported features, in the order of table 1.1 (also the default list and the order of an absent list). */
export const SUPPORTED_FEATURES = [
  'checkIn', 'clipboard', 'todos', 'notes', 'links', 'music', 'books', 'movies', 'games', 'recipes', 'quotes', 'plants',
  'feeds', 'friends', 'profile',
] as const
export type SupportedFeature = (typeof SUPPORTED_FEATURES)[number]

/** Offered by the web client but holding no data in daybook: accepted, listed under `skipped`. */
export const SKIPPED_FEATURES = ['calendars', 'contacts', 'timeTracking', 'financesIncome', 'financesWealth'] as const

export function isSupportedFeature(name: string): name is SupportedFeature {
  return (SUPPORTED_FEATURES as readonly string[]).includes(name)
}

function isKnownFeature(name: string): boolean {
  return isSupportedFeature(name) || (SKIPPED_FEATURES as readonly string[]).includes(name)
}

/** The message is both `message` and `errors.features` of the 422 (the web client shows `message`). */
function invalid(message: string): ValidationError {
  return new ValidationError({ features: [message] }, message)
}

/**
 * The job's feature list: all supported ones when absent or null; otherwise a non-empty array of known names,
 * duplicates removed in order of first appearance. Strings were trimmed like every input (conventions.md 2.4).
 */
export function parseFeatures(raw: unknown): string[] {
  const value = normalizeValue(raw, f.any())
  if (value === undefined) return [...SUPPORTED_FEATURES]
  if (!Array.isArray(value) || value.length === 0 || value.some((entry) => typeof entry !== 'string')) {
    throw invalid('Features must be a non-empty array.')
  }
  const names = [...new Set(value as string[])]
  const unknown = names.filter((name) => !isKnownFeature(name))
  if (unknown.length > 0) throw invalid(`Invalid features: ${unknown.join(', ')}`)
  return names
}
