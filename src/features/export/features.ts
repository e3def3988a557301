/** The export's feature names (docs/api/export.md §1) and the validation of a requested list (§2). */

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

/**
 * The rule of a requested list (docs/api/export.md §2), for the `features` field of the request body: a non-empty array
 * of known names, duplicates removed in order of first appearance. Strings were trimmed like every input.
 */
export function featureList(value: unknown): string | { value: string[] } {
  if (!Array.isArray(value) || value.length === 0 || value.some((entry) => typeof entry !== 'string')) {
    return 'Features must be a non-empty array.'
  }
  const names = [...new Set(value as string[])]
  const unknown = names.filter((name) => !isKnownFeature(name))
  if (unknown.length > 0) return `Invalid features: ${unknown.join(', ')}`
  return { value: names }
}
