/**
 * Writes a validated import plan into one user's account (README "Import"): image files first, under new
 * random names recorded on the job row, then every row — and the job's completion — in ONE synchronous write
 * transaction, then the files nothing points at are deleted. If the transaction fails the staged files are
 * deleted; if the process dies first, start-up recovery deletes them (recovery.ts). Never touches friends,
 * tokens, passkeys or another user's rows.
 */
import { readFile } from 'node:fs/promises'
import { and, eq } from 'drizzle-orm'
import type { Deps } from '../../lib/deps'
import { uuidv7 } from '../../lib/crypto'
import { deleteUserFile, resolveUserFile, storeUserFile } from '../../lib/files'
import { errorFields } from '../../lib/logger'
import { checkIns } from '../check-in/schema'
import { TRACKERS } from '../check-in/trackers'
import { clipboardEntries } from '../clipboard/schema'
import { libraryItems } from '../libraries/schema'
import { users } from '../users/schema'
import type { ImportPlan } from './archive'
import type { SettingsColumns } from './profile-settings'
import { importJobs } from './schema'

export interface KindCounts { imported: number; skipped: number; refused: number; refused_why: string[] }
export type ImportCounts = Record<string, KindCounts>

const zero = (): KindCounts => ({ imported: 0, skipped: 0, refused: 0, refused_why: [] })

/** The kinds an archive's features count under (the profile counts its settings and its image). */
function emptyCounts(plan: ImportPlan): ImportCounts {
  const counts: ImportCounts = {}
  for (const feature of plan.features) {
    if (feature === 'profile') {
      counts.settings = zero()
      counts.profile_image = zero()
    } else counts[feature] = zero()
  }
  for (const [kind, refused] of Object.entries(plan.refused)) {
    const c = (counts[kind] ??= zero())
    c.refused += refused!.count
    c.refused_why.push(...refused!.why)
  }
  return counts
}

const sep = '\u0000'
const clipKey = (type: string, createdAt: number, content: string, size: number | null) =>
  type === 'text' ? `t${sep}${createdAt}${sep}${content}` : `i${sep}${createdAt}${sep}${size}`
const itemKey = (library: string, createdAt: number, data: string) => `${library}${sep}${createdAt}${sep}${data}`

/** New ids in archive order: items of one millisecond keep their order (uuidv7 is random after the time). */
function itemIds(plan: ImportPlan): string[] {
  const ids = plan.items.map((item) => uuidv7(item.createdAt))
  for (let start = 0; start < ids.length;) {
    let end = start + 1
    while (end < ids.length && plan.items[end]!.createdAt === plan.items[start]!.createdAt && plan.items[end]!.library === plan.items[start]!.library) end++
    if (end - start > 1) ids.splice(start, end - start, ...ids.slice(start, end).sort())
    start = end
  }
  return ids
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && Buffer.compare(a, b) === 0

export async function applyImport(deps: Deps, job: { id: number; userId: string; mode: 'merge' | 'replace' }, plan: ImportPlan): Promise<ImportCounts> {
  const { dataDir } = deps.config
  const userId = job.userId
  const user = deps.db.select().from(users).where(eq(users.id, userId)).get()
  if (!user) throw new Error('the user of the import no longer exists')

  // Images not already present, and the profile image unless it is the same one, are written first.
  const existingImages = new Set(deps.db.select({ createdAt: clipboardEntries.createdAt, size: clipboardEntries.sizeBytes }).from(clipboardEntries)
    .where(and(eq(clipboardEntries.userId, userId), eq(clipboardEntries.type, 'image'))).all().map((r) => clipKey('image', r.createdAt, '', r.size)))
  const toStage = plan.clipboard.filter((r) => r.image && !existingImages.has(clipKey('image', r.createdAt, '', r.image.bytes.length)))
  let sameProfileImage = false
  if (plan.profileImage && user.profileImagePath) {
    const current = await readFile(resolveUserFile(dataDir, user.profileImagePath)).catch(() => undefined)
    sameProfileImage = current !== undefined && sameBytes(current, plan.profileImage.bytes)
  }
  const staged: string[] = []
  const stagedFor = new Map<object, string>()
  const cleanup = async (paths: string[]) => {
    for (const path of paths) await deleteUserFile(dataDir, path).catch((err) => deps.logger.warn('import: staged file not deleted', errorFields(err)))
  }
  try {
    // The names are random; they are recorded before any file is written, so recovery can find them.
    for (const record of toStage) {
      const path = await storeUserFile(dataDir, userId, 'clipboard', record.image!.info.ext, record.image!.bytes)
      staged.push(path)
      stagedFor.set(record, path)
      deps.db.update(importJobs).set({ stagedFiles: JSON.stringify(staged) }).where(eq(importJobs.id, job.id)).run()
    }
    if (plan.profileImage && !sameProfileImage) {
      const path = await storeUserFile(dataDir, userId, 'profile', plan.profileImage.info.ext, plan.profileImage.bytes)
      staged.push(path)
      stagedFor.set(plan.profileImage, path)
      deps.db.update(importJobs).set({ stagedFiles: JSON.stringify(staged) }).where(eq(importJobs.id, job.id)).run()
    }
  } catch (err) {
    await cleanup(staged)
    throw err
  }

  const counts = emptyCounts(plan)
  const used = new Set<string>()
  let replacedProfileImage: string | null = null
  const ids = itemIds(plan)
  try {
    deps.db.transaction((tx) => {
      const now = deps.clock.now()
      // check-ins: an existing date keeps its values unless mode=replace
      if (plan.checkIns.length > 0) {
        const existing = new Map(tx.select().from(checkIns).where(eq(checkIns.userId, userId)).all().map((row) => [row.date, row]))
        for (const record of plan.checkIns) {
          const row = existing.get(record.date)
          if (!row) {
            tx.insert(checkIns).values({ userId, date: record.date, ...record.values, createdAt: record.createdAt, updatedAt: record.updatedAt }).run()
            counts.checkIn!.imported++
          } else if (job.mode === 'replace' && TRACKERS.some((t) => row[t.prop] !== record.values[t.prop])) {
            tx.update(checkIns).set({ ...record.values, updatedAt: now }).where(eq(checkIns.id, row.id)).run()
            counts.checkIn!.imported++
          } else counts.checkIn!.skipped++
        }
      }
      // clipboard: the same text (or an image of the same size) at the same time is already there
      if (plan.clipboard.length > 0) {
        const present = new Set(tx.select({ type: clipboardEntries.type, createdAt: clipboardEntries.createdAt, content: clipboardEntries.content, size: clipboardEntries.sizeBytes })
          .from(clipboardEntries).where(eq(clipboardEntries.userId, userId)).all().map((r) => clipKey(r.type, r.createdAt, r.content, r.size)))
        for (const record of plan.clipboard) {
          const key = clipKey(record.type, record.createdAt, record.content, record.image?.bytes.length ?? null)
          const path = stagedFor.get(record)
          if (present.has(key) || (record.image && !path)) { counts.clipboard!.skipped++; continue }
          present.add(key)
          tx.insert(clipboardEntries).values(record.image
            ? { userId, type: 'image', content: '', filePath: path!, mimeType: record.image.info.mime, sizeBytes: record.image.bytes.length, createdAt: record.createdAt, updatedAt: record.updatedAt }
            : { userId, type: 'text', content: record.content, createdAt: record.createdAt, updatedAt: record.updatedAt }).run()
          if (path) used.add(path)
          counts.clipboard!.imported++
        }
      }
      // library items: the same item at the same time is already there; a feed URL once (the feeds rule)
      if (plan.items.length > 0) {
        const rows = tx.select({ library: libraryItems.library, createdAt: libraryItems.createdAt, data: libraryItems.data, dedupeKey: libraryItems.dedupeKey })
          .from(libraryItems).where(eq(libraryItems.userId, userId)).all()
        const present = new Set(rows.map((r) => itemKey(r.library, r.createdAt, r.data)))
        const feeds = new Set(rows.filter((r) => r.dedupeKey !== null).map((r) => `${r.library}${sep}${r.dedupeKey}`))
        plan.items.forEach((item, i) => {
          const data = JSON.stringify(item.data)
          const key = itemKey(item.library, item.createdAt, data)
          const feedKey = item.dedupeKey === null ? null : `${item.library}${sep}${item.dedupeKey}`
          if (present.has(key) || (feedKey !== null && feeds.has(feedKey))) { counts[item.library]!.skipped++; return }
          present.add(key)
          if (feedKey !== null) feeds.add(feedKey)
          tx.insert(libraryItems).values({ id: ids[i]!, userId, library: item.library, data, dedupeKey: item.dedupeKey, createdAt: item.createdAt, updatedAt: item.updatedAt }).run()
          counts[item.library]!.imported++
        })
      }
      // settings and check-in settings, then the profile image
      if (plan.settings) {
        const current = tx.select().from(users).where(eq(users.id, userId)).get()!
        const changed = (Object.keys(plan.settings) as (keyof SettingsColumns)[]).some((k) => current[k] !== plan.settings![k])
        if (changed) {
          tx.update(users).set({ ...plan.settings, updatedAt: now }).where(eq(users.id, userId)).run()
          counts.settings!.imported++
        } else counts.settings!.skipped++
      }
      if (plan.profileImage) {
        const path = stagedFor.get(plan.profileImage)
        if (path) {
          replacedProfileImage = tx.select({ path: users.profileImagePath }).from(users).where(eq(users.id, userId)).get()?.path ?? null
          tx.update(users).set({ profileImagePath: path, updatedAt: now }).where(eq(users.id, userId)).run()
          used.add(path)
          counts.profile_image!.imported++
        } else counts.profile_image!.skipped++
      }
      tx.update(importJobs).set({ status: 'completed', progress: 100, completedAt: now, counts: JSON.stringify(counts), stagedFiles: null, error: null })
        .where(and(eq(importJobs.id, job.id), eq(importJobs.status, 'in-progress'))).run()
    }, { behavior: 'immediate' })
  } catch (err) {
    await cleanup(staged)
    deps.db.update(importJobs).set({ stagedFiles: null }).where(eq(importJobs.id, job.id)).run()
    throw err
  }
  await cleanup(staged.filter((path) => !used.has(path)))
  if (replacedProfileImage) await cleanup([replacedProfileImage])
  return counts
}
