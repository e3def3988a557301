/** The backup_runs table: one row per attempt, what the admin list shows as the history. */
import { desc, eq, inArray, like } from 'drizzle-orm'
import type { Deps } from '../../lib/deps'
import { isoOrNull, iso } from '../../lib/clock'
import { backupRuns, type BackupRunRow } from './schema'

export type Trigger = BackupRunRow['trigger']

export function createRun(deps: Pick<Deps, 'db' | 'clock'>, trigger: Trigger, status: 'pending' | 'in-progress' = 'pending'): BackupRunRow {
  const now = deps.clock.now()
  return deps.db.insert(backupRuns).values({
    trigger, status, createdAt: now, startedAt: status === 'in-progress' ? now : null,
  }).returning().get()
}

export function markRunStarted(deps: Pick<Deps, 'db' | 'clock'>, id: number): void {
  deps.db.update(backupRuns).set({ status: 'in-progress', startedAt: deps.clock.now() }).where(eq(backupRuns.id, id)).run()
}

export interface RunEnd {
  status: 'completed' | 'skipped' | 'failed'
  file?: string | null
  sizeBytes?: number | null
  fingerprint?: string | null
  error?: string | null
}

export function finishRun(deps: Pick<Deps, 'db' | 'clock'>, id: number, end: RunEnd): void {
  deps.db.update(backupRuns).set({
    status: end.status, finishedAt: deps.clock.now(), file: end.file ?? null, sizeBytes: end.sizeBytes ?? null,
    fingerprint: end.fingerprint ?? null, error: end.error ?? null,
  }).where(eq(backupRuns.id, id)).run()
}

export function findRun(deps: Pick<Deps, 'db'>, id: number): BackupRunRow | undefined {
  return deps.db.select().from(backupRuns).where(eq(backupRuns.id, id)).get()
}

export function recentRuns(deps: Pick<Deps, 'db'>, limit: number): BackupRunRow[] {
  return deps.db.select().from(backupRuns).orderBy(desc(backupRuns.createdAt), desc(backupRuns.id)).limit(limit).all()
}

/** A run waiting or running (the admin's "start now" is refused while there is one). */
export function activeRun(deps: Pick<Deps, 'db'>): BackupRunRow | undefined {
  return deps.db.select().from(backupRuns).where(inArray(backupRuns.status, ['pending', 'in-progress']))
    .orderBy(desc(backupRuns.id)).limit(1).get()
}

/** The fingerprint of the newest completed run whose archive is among `names` (still on disk). */
export function lastFingerprint(deps: Pick<Deps, 'db'>, names: Set<string>): string | undefined {
  const rows = deps.db.select({ file: backupRuns.file, fingerprint: backupRuns.fingerprint }).from(backupRuns)
    .where(eq(backupRuns.status, 'completed')).orderBy(desc(backupRuns.id)).limit(50).all()
  return rows.find((r) => r.file !== null && names.has(r.file) && r.fingerprint)?.fingerprint ?? undefined
}

/** The archive names runs recorded that start with `prefix` (a second's names: no name is ever handed out twice). */
export function recordedNames(deps: Pick<Deps, 'db'>, prefix: string): string[] {
  return deps.db.select({ file: backupRuns.file }).from(backupRuns).where(like(backupRuns.file, `${prefix}%`)).all()
    .map((r) => r.file!)
}

/** The run as the admin API shows it. */
export function presentRun(row: BackupRunRow) {
  return {
    id: row.id,
    trigger: row.trigger,
    status: row.status,
    created_at: iso(row.createdAt),
    started_at: isoOrNull(row.startedAt),
    finished_at: isoOrNull(row.finishedAt),
    file: row.file,
    size_bytes: row.sizeBytes,
    error: row.error,
  }
}
