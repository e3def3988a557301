/**
 * The job's side of one's own trackers and activities (README "Import"). Each definition of the archive is matched
 * to the person's by name, whatever its case (`name_key`): one of the same kind is reused; without one, it is
 * created at the end of their order — within the 50/200 limits, recorded for undoing inside the create's own unit of
 * work. Each day's values and activities then go over in the person's ids, every value checked against the tracker
 * it lands in by the check-in endpoint's rule. What cannot go over is left out and counted with why: a kind that
 * differs, a limit reached, a value outside the person's tracker — never a failure of the import.
 */
import type { Deps } from '../../lib/deps'
import { checkedValue } from '../check-in/extras'
import type { ImportedExtras } from '../check-in/store'
import { MAX_ACTIVITIES, MAX_TRACKERS } from '../trackers/model'
import type { ActivityRow, TrackerRow } from '../trackers/schema'
import type { KindCounts } from './apply'
import type { ActivityRecord, OwnDay, TrackerRecord } from './records'

/** A definition of the archive that was not imported: why, and how many values (or marks) it took with it. */
interface LeftOut { name: string; why: string; left: number }
const isLeftOut = (target: object): target is LeftOut => 'why' in target

/** Values that did not fit a reused tracker: how many, and the first reason. */
interface Misfits { name: string; why: string; left: number }

const KIND_WORDS: Record<TrackerRow['kind'], string> = { scale: 'a scale', yesno: 'a yes/no tracker', number: 'a number' }

type Journal = (kind: 'tracker' | 'activity', id: number) => void

export class OwnTrackers {
  readonly trackers: KindCounts = { imported: 0, skipped: 0, refused: 0, refused_why: [] }
  readonly activities: KindCounts = { imported: 0, skipped: 0, refused: 0, refused_why: [] }
  /** archive id → the person's tracker it goes to, or why it does not */
  private readonly trackerOf = new Map<number, TrackerRow | LeftOut>()
  private readonly activityOf = new Map<number, ActivityRow | LeftOut>()
  private readonly misfits = new Map<number, Misfits>()
  private mine: { trackers: Map<string, TrackerRow>; activities: Map<string, ActivityRow> } | undefined

  constructor(private readonly deps: Pick<Deps, 'stores'>, private readonly userId: string, private readonly journal: Journal) {}

  /** The person's definitions by name key, read once (and again after a name taken meanwhile). */
  private async own(reload = false) {
    if (!this.mine || reload) {
      const { trackers, activities } = this.deps.stores
      this.mine = {
        trackers: new Map((await trackers.list(this.userId)).map((t) => [t.nameKey, t])),
        activities: new Map((await activities.list(this.userId)).map((a) => [a.nameKey, a])),
      }
    }
    return this.mine
  }

  async tracker(record: TrackerRecord): Promise<void> {
    let row = (await this.own()).trackers.get(record.nameKey)
    if (!row) {
      const { id: _archiveId, nameKey, ...columns } = record
      const created = await this.deps.stores.trackers.create({ ...columns, nameKey, userId: this.userId, shared: false }, MAX_TRACKERS,
        (made) => this.journal('tracker', made.id))
      if (created === 'limit_reached') return this.leave(this.trackers, this.trackerOf, record, `you have ${MAX_TRACKERS} trackers, the most there can be`)
      if (created !== 'name_taken') {
        this.trackers.imported++
        this.trackerOf.set(record.id, created)
        this.mine!.trackers.set(nameKey, created)
        return
      }
      row = (await this.own(true)).trackers.get(nameKey)
      if (!row) return this.leave(this.trackers, this.trackerOf, record, 'a tracker of this name could not be created')
    }
    if (row.kind !== record.kind) {
      return this.leave(this.trackers, this.trackerOf, record, `your tracker of this name is ${KIND_WORDS[row.kind]}, the file's ${KIND_WORDS[record.kind]}`)
    }
    this.trackers.skipped++
    this.trackerOf.set(record.id, row)
  }

  async activity(record: ActivityRecord): Promise<void> {
    let row = (await this.own()).activities.get(record.nameKey)
    if (!row) {
      const { id: _archiveId, ...columns } = record
      const created = await this.deps.stores.activities.create({ ...columns, userId: this.userId }, MAX_ACTIVITIES,
        (made) => this.journal('activity', made.id))
      if (created === 'limit_reached') return this.leave(this.activities, this.activityOf, record, `you have ${MAX_ACTIVITIES} activities, the most there can be`)
      if (created !== 'name_taken') {
        this.activities.imported++
        this.activityOf.set(record.id, created)
        this.mine!.activities.set(record.nameKey, created)
        return
      }
      row = (await this.own(true)).activities.get(record.nameKey)
      if (!row) return this.leave(this.activities, this.activityOf, record, 'an activity of this name could not be created')
    }
    this.activities.skipped++
    this.activityOf.set(record.id, row)
  }

  /**
   * A day's own part in the person's ids: a value (or none) for every tracker of the archive that went over, whether
   * the day has each activity that went over, and its note. A value that does not fit the person's tracker is left
   * out (the day keeps its own there), as is everything of a definition that did not go over. Undefined when the
   * archive says nothing beyond the twelve (one made before own trackers existed).
   */
  dayExtras(own: OwnDay): ImportedExtras | undefined {
    if (own.values === undefined && own.activities === undefined && own.note === undefined) return undefined
    const values = new Map<number, number | null>()
    if (own.values) {
      for (const [archiveId, target] of this.trackerOf) {
        const raw = own.values.get(archiveId) ?? null
        if (isLeftOut(target)) {
          if (raw !== null) target.left++
          continue
        }
        const checked = raw === null ? { value: null } : checkedValue(target, raw, target.name)
        if ('error' in checked) this.misfit(target, checked.error)
        else values.set(target.id, checked.value)
      }
    }
    const activities = new Map<number, boolean>()
    if (own.activities) {
      const marked = new Set(own.activities)
      for (const [archiveId, target] of this.activityOf) {
        if (!isLeftOut(target)) activities.set(target.id, marked.has(archiveId))
        else if (marked.has(archiveId)) target.left++
      }
    }
    return { values, activities, ...(own.note !== undefined && { note: own.note }) }
  }

  /**
   * The counts of the definitions and of the values (`imported` and `skipped` as the check-in batches wrote them),
   * with the reasons in words, once the archive is through.
   */
  report(values: { imported: number; skipped: number }): { trackers: KindCounts; activities: KindCounts; values: KindCounts } {
    const valueCounts: KindCounts = { ...values, refused: 0, refused_why: [] }
    const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`
    for (const target of this.trackerOf.values()) {
      if (!isLeftOut(target)) continue
      this.trackers.refused_why.push(`"${target.name}": ${target.why}`)
      if (target.left === 0) continue
      valueCounts.refused += target.left
      valueCounts.refused_why.push(`${plural(target.left, 'value', 'values')} of "${target.name}" left out: its tracker was not imported`)
    }
    for (const misfit of this.misfits.values()) {
      valueCounts.refused += misfit.left
      valueCounts.refused_why.push(`${plural(misfit.left, 'value', 'values')} of "${misfit.name}" left out: ${misfit.why}`)
    }
    for (const target of this.activityOf.values()) {
      if (!isLeftOut(target)) continue
      const days = target.left === 0 ? '' : `; not marked on ${plural(target.left, 'day', 'days')}`
      this.activities.refused_why.push(`"${target.name}": ${target.why}${days}`)
    }
    return { trackers: this.trackers, activities: this.activities, values: valueCounts }
  }

  /** The archive's definition does not go over: counted, and its values (or marks) counted as they come. */
  private leave<Row>(counts: KindCounts, targets: Map<number, Row | LeftOut>, record: { id: number; name: string }, why: string): void {
    counts.refused++
    targets.set(record.id, { name: record.name, why, left: 0 })
  }

  private misfit(target: TrackerRow, why: string): void {
    const found = this.misfits.get(target.id)
    if (found) found.left++
    else this.misfits.set(target.id, { name: target.name, why, left: 1 })
  }
}
