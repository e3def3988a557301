/** The export's shapes (export.md §1.1, §3) and the features offered, in the contract's order. */
export const FEATURES = ['checkIn', 'clipboard', 'todos', 'notes', 'links', 'music', 'books', 'movies', 'games', 'recipes', 'quotes',
  'plants', 'feeds', 'friends', 'profile'] as const
export type Feature = (typeof FEATURES)[number]

export const isFeature = (name: string): name is Feature => (FEATURES as readonly string[]).includes(name)

export interface ExportJob {
  id: number
  status: 'pending' | 'in-progress' | 'completed' | 'failed'
  features: string[]
  created_at: string
  started_at: string | null
  completed_at: string | null
  expires_at: string | null
  is_expired: boolean
  size_bytes: number | null
  error: string | null
}

export const DAY_MS = 24 * 60 * 60 * 1000

/** When the next export may start (export.md §2: failed jobs do not count), or undefined when it may now. */
export function nextExportAt(job: ExportJob | null, now = Date.now()): Date | undefined {
  if (!job || job.status === 'failed') return undefined
  const next = Date.parse(job.created_at) + DAY_MS
  return next > now ? new Date(next) : undefined
}
