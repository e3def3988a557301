/** The backups API's shapes, as it declares them (backups/model.ts). */
import type { ApiData } from '../../lib/api-types'

export type BackupList = ApiData<'get', '/admin/backups'>
export type BackupRun = ApiData<'get', `/admin/backups/runs/${string}`>
export type BackupItem = BackupList['backups'][number]
export type RunStatus = BackupRun['status']

export const isActive = (status: RunStatus) => status === 'pending' || status === 'in-progress'
