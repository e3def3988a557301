/** The export's job as the API declares it (export/model.ts) and the features offered, in the contract's order. */
import type { ApiData } from '../../lib/api-types'

export const FEATURES = ['checkIn', 'clipboard', 'todos', 'notes', 'links', 'music', 'books', 'movies', 'games', 'recipes', 'quotes',
  'plants', 'feeds', 'friends', 'profile'] as const
export type Feature = (typeof FEATURES)[number]

export const isFeature = (name: string): name is Feature => (FEATURES as readonly string[]).includes(name)

export type ExportJob = NonNullable<ApiData<'get', '/export/status'>>

export const DAY_MS = 24 * 60 * 60 * 1000

/** When the next export may start (docs/api/export.md §2: failed jobs do not count), or undefined when it may now. */
export function nextExportAt(job: ExportJob | null, now = Date.now()): Date | undefined {
  if (!job || job.status === 'failed') return undefined
  const next = Date.parse(job.created_at) + DAY_MS
  return next > now ? new Date(next) : undefined
}
