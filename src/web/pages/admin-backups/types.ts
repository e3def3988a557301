/** The backups API's shapes (src/features/backups/model.ts). */
export type RunStatus = 'pending' | 'in-progress' | 'completed' | 'skipped' | 'failed'

export interface BackupRun {
  id: number
  trigger: 'schedule' | 'admin' | 'cli'
  status: RunStatus
  created_at: string
  started_at: string | null
  finished_at: string | null
  file: string | null
  size_bytes: number | null
  /** Why it failed or was skipped; on a completed run, an off-site copy that failed. */
  error: string | null
}

export interface BackupItem { name: string; size_bytes: number; created_at: string; locations: ('local' | 'offsite')[] }

export interface BackupList {
  backups: BackupItem[]
  offsite: { where: string; error: string | null } | null
  schedule: { pattern: string; timezone: string } | null
  keep: number
  runs: BackupRun[]
}

export const isActive = (status: RunStatus) => status === 'pending' || status === 'in-progress'
