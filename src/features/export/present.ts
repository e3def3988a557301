import type { Clock } from '../../lib/clock'
import { iso, isoOrNull } from '../../lib/clock'
import type { ExportJobRow } from './schema'
import { readStringList } from '../../lib/stored-json'

/** The stored feature list (a JSON array written by startExport). */
export function jobFeatures(row: Pick<ExportJobRow, 'features'>): string[] {
  return readStringList(row.features) ?? []
}

/** "Expired" is not a status: a completed job whose `expires_at` has passed (docs/api/export.md §6). */
export function isExpired(row: Pick<ExportJobRow, 'status' | 'expiresAt'>, now: number): boolean {
  return row.status === 'completed' && row.expiresAt !== null && now >= row.expiresAt
}

/** docs/api/export.md §3 */
export function presentExportJob(clock: Clock, row: ExportJobRow) {
  return {
    id: row.id,
    status: row.status,
    features: jobFeatures(row),
    created_at: iso(row.createdAt),
    started_at: isoOrNull(row.startedAt),
    completed_at: isoOrNull(row.completedAt),
    expires_at: row.status === 'completed' ? isoOrNull(row.expiresAt) : null,
    is_expired: isExpired(row, clock.now()),
    size_bytes: row.status === 'completed' ? row.sizeBytes : null,
    error: row.status === 'failed' ? row.error : null,
  }
}
