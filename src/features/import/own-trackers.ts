/**
 * The job's side of one's own trackers, activities and sports (README "Import"). Each definition of the archive is
 * matched to the person's by name, whatever its case (`name_key`): one of the same kind is reused; without one, it is
 * created at the end of their order — within the 50/200/50 limits, recorded for undoing inside the create's own unit
 * of work. Each day's values, activities and sports then go over in the person's ids, every value checked against the
 * tracker it lands in by the check-in endpoint's rule. What cannot go over is left out and counted with why: a kind
 * that differs, a limit reached, a value outside the person's tracker, a day's sport list that is not one — never a
 * failure of the import.
 */
import type { Deps } from '../../lib/deps'
import { checkedValue } from '../check-in/extras'
import type { ImportedExtras } from '../check-in/store'
import { MAX_ACTIVITIES, MAX_SPORTS, MAX_TRACKERS } from '../trackers/model'
import type { ActivityRow, SportRow, TrackerRow } from '../trackers/schema'
import { isBuiltinSport } from '../trackers/sports'
import type { KindCounts } from './apply'
import type { ActivityRecord, OwnDay, SportRecord, TrackerRecord } from './records'

/** A definition of the archive that was not imported: why, and how many values (or marks) it took with it. */
interface LeftOut { name: string; why: string; left: number }
const isLeftOut = (target: object): target is LeftOut => 'why' in target

/** Values that did not fit a reused tracker: how many, and the first reason. */
interface Misfits { name: string; why: string; left: number }
/** Days whose sport list was left out for one reason: how many, and the first of them. */
interface LeftLists { first: string; left: number }

const KIND_WORDS: Record<TrackerRow['kind'], string> = { scale: 'a scale', yesno: 'a yes/no tracker', number: 'a number' }

type Journal = (kind: 'tracker' | 'activity' | 'sport', id: number) => void

interface Rows { trackers: TrackerRow; activities: ActivityRow; sports: SportRow }
type Kind = keyof Rows
type Created<Row> = Row | 'limit_reached' | 'name_taken'

/** How each kind is spoken of in the counts' reasons. */
const WORDS: Record<Kind, { limit: string; failed: string }> = {
  trackers: { limit: `you have ${MAX_TRACKERS} trackers, the most there can be`, failed: 'a tracker of this name could not be created' },
  activities: { limit: `you have ${MAX_ACTIVITIES} activities, the most there can be`, failed: 'an activity of this name could not be created' },
  sports: { limit: `you have ${MAX_SPORTS} sports of your own, the most there can be`, failed: 'a sport of this name could not be created' },
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`
const zero = (): KindCounts => ({ imported: 0, skipped: 0, refused: 0, refused_why: [] })

export class OwnTrackers {
  readonly counts: Record<Kind, KindCounts> = { trackers: zero(), activities: zero(), sports: zero() }
  /** archive id → the person's definition it goes to, or why it does not */
  private readonly targets: { [K in Kind]: Map<number, Rows[K] | LeftOut> } = { trackers: new Map(), activities: new Map(), sports: new Map() }
  private readonly misfits = new Map<number, Misfits>()
  /** days whose `sport_ids` were left out, by why (the first date named) */
  private readonly sportLists = new Map<string, LeftLists>()
  private mine: { [K in Kind]: Map<string, Rows[K]> } | undefined

  constructor(private readonly deps: Pick<Deps, 'stores'>, private readonly userId: string, private readonly journal: Journal) {}

  /** The person's definitions by name key, read once (and again after a name taken meanwhile). */
  private async own(reload = false) {
    if (!this.mine || reload) {
      const { trackers, activities, sports } = this.deps.stores
      const byKey = <Row extends { nameKey: string }>(rows: Row[]) => new Map(rows.map((row) => [row.nameKey, row]))
      this.mine = {
        trackers: byKey(await trackers.list(this.userId)),
        activities: byKey(await activities.list(this.userId)),
        sports: byKey(await sports.list(this.userId)),
      }
    }
    return this.mine
  }

  async tracker(record: TrackerRecord): Promise<void> {
    const { id: _archiveId, nameKey, ...columns } = record
    const row = await this.matched('trackers', record, () => this.deps.stores.trackers.create({ ...columns, nameKey, userId: this.userId, shared: false },
      MAX_TRACKERS, (made) => this.journal('tracker', made.id)))
    if (!row) return
    if (row.kind !== record.kind) {
      return this.leave('trackers', record, `your tracker of this name is ${KIND_WORDS[row.kind]}, the file's ${KIND_WORDS[record.kind]}`)
    }
    this.reuse('trackers', record, row)
  }

  async activity(record: ActivityRecord): Promise<void> {
    const { id: _archiveId, ...columns } = record
    const row = await this.matched('activities', record, () => this.deps.stores.activities.create({ ...columns, userId: this.userId }, MAX_ACTIVITIES,
      (made) => this.journal('activity', made.id)))
    if (row) this.reuse('activities', record, row)
  }

  async sport(record: SportRecord): Promise<void> {
    const { id: _archiveId, ...columns } = record
    const row = await this.matched('sports', record, () => this.deps.stores.sports.create({ ...columns, userId: this.userId }, MAX_SPORTS,
      (made) => this.journal('sport', made.id)))
    if (row) this.reuse('sports', record, row)
  }

  /**
   * The person's definition of the record's name, to be reused; or, without one, the one `create` makes (counted
   * as imported) or why it could not be made (counted as refused) — then undefined.
   */
  private async matched<K extends Kind>(kind: K, record: { id: number; name: string; nameKey: string }, create: () => Promise<Created<Rows[K]>>) {
    const found = (await this.own())[kind].get(record.nameKey)
    if (found) return found
    const created = await create()
    if (created === 'limit_reached') return this.leave(kind, record, WORDS[kind].limit)
    if (created !== 'name_taken') {
      this.counts[kind].imported++
      this.targets[kind].set(record.id, created)
      this.mine![kind].set(record.nameKey, created)
      return undefined
    }
    // made by the person meanwhile: reused as any other of that name
    const made = (await this.own(true))[kind].get(record.nameKey)
    return made ?? this.leave(kind, record, WORDS[kind].failed)
  }

  private reuse<K extends Kind>(kind: K, record: { id: number }, row: Rows[K]): void {
    this.counts[kind].skipped++
    this.targets[kind].set(record.id, row)
  }

  /**
   * A day's own part in the person's ids: a value (or none) for every tracker of the archive that went over, whether
   * the day has each activity that went over, its note, and its sports after `sports` (built-in codes as they are).
   * A value that does not fit the person's tracker is left out (the day keeps its own there), as is everything of a
   * definition that did not go over, and a sport list the archive's check left out (`date` names the day in the
   * reason). Undefined when the archive says nothing beyond the twelve (one made before own trackers existed).
   */
  dayExtras(date: string, own: OwnDay): ImportedExtras | undefined {
    if (own.sportsLeftOut !== undefined) this.leaveSports(date, own.sportsLeftOut)
    if (own.values === undefined && own.activities === undefined && own.note === undefined && own.sports === undefined) return undefined
    const values = new Map<number, number | null>()
    if (own.values) {
      for (const [archiveId, target] of this.targets.trackers) {
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
      for (const [archiveId, target] of this.targets.activities) {
        if (!isLeftOut(target)) activities.set(target.id, marked.has(archiveId))
        else if (marked.has(archiveId)) target.left++
      }
    }
    return {
      values, activities, ...(own.note !== undefined && { note: own.note }), ...(own.sports !== undefined && { moreSports: this.moreSports(own.sports) }),
    }
  }

  /**
   * A day's sports after its first built-in one (which the `sports` of the twelve carries), in the person's ids: a
   * built-in code as it is, an own sport of the archive as the person's it went to — or left out with it.
   */
  private moreSports(sports: readonly number[]): number[] {
    const first = sports.find(isBuiltinSport)
    const more: number[] = []
    for (const id of sports) {
      if (id === first) continue
      if (isBuiltinSport(id)) {
        more.push(id)
        continue
      }
      // every other id is one of the archive's sports (its check let no other through), each matched as it came
      const target = this.targets.sports.get(id)
      if (target && isLeftOut(target)) target.left++
      else if (target) more.push(target.id)
    }
    return more
  }

  /**
   * The counts of the definitions and of the values (`imported` and `skipped` as the check-in batches wrote them),
   * with the reasons in words, once the archive is through.
   */
  report(values: { imported: number; skipped: number }): { trackers: KindCounts; activities: KindCounts; sports: KindCounts; values: KindCounts } {
    const { trackers, activities, sports } = this.counts
    const valueCounts: KindCounts = { ...values, refused: 0, refused_why: [] }
    for (const target of this.targets.trackers.values()) {
      if (!isLeftOut(target)) continue
      trackers.refused_why.push(`"${target.name}": ${target.why}`)
      if (target.left === 0) continue
      valueCounts.refused += target.left
      valueCounts.refused_why.push(`${plural(target.left, 'value', 'values')} of "${target.name}" left out: its tracker was not imported`)
    }
    for (const misfit of this.misfits.values()) {
      valueCounts.refused += misfit.left
      valueCounts.refused_why.push(`${plural(misfit.left, 'value', 'values')} of "${misfit.name}" left out: ${misfit.why}`)
    }
    for (const [counts, targets, on] of [[activities, this.targets.activities, 'marked on'], [sports, this.targets.sports, 'on']] as const) {
      for (const target of targets.values()) {
        if (isLeftOut(target)) counts.refused_why.push(`"${target.name}": ${target.why}${target.left === 0 ? '' : `; not ${on} ${plural(target.left, 'day', 'days')}`}`)
      }
    }
    for (const [why, list] of this.sportLists) {
      sports.refused += list.left
      const days = list.left === 1 ? list.first : `${list.left} days (the first ${list.first})`
      sports.refused_why.push(`the sport_ids of ${days} left out: ${why}`)
    }
    return { trackers, activities, sports, values: valueCounts }
  }

  /** The archive's definition does not go over: counted, and its values (or marks) counted as they come. */
  private leave(kind: Kind, record: { id: number; name: string }, why: string): undefined {
    this.counts[kind].refused++
    this.targets[kind].set(record.id, { name: record.name, why, left: 0 })
    return undefined
  }

  private misfit(target: TrackerRow, why: string): void {
    const found = this.misfits.get(target.id)
    if (found) found.left++
    else this.misfits.set(target.id, { name: target.name, why, left: 1 })
  }

  /** A day's sport list the archive's check left out: the day goes over without it (README "Import"). */
  private leaveSports(date: string, why: string): void {
    const found = this.sportLists.get(why)
    if (found) found.left++
    else this.sportLists.set(why, { first: date, left: 1 })
  }
}
