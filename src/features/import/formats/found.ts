/**
 * What an import from another app found (README "Imports from other apps"), whatever the format: the file's days,
 * each already merged from its entries by one rule, and the names the mapping step speaks of. The formats'
 * readers (daylio-csv.ts, daylio-backup.ts, loop-csv.ts) fill it; the dry run presents it (index.ts, presentFindings), the job
 * writes it through the mapping (write.ts).
 */
import { NOTE_MAX } from '../../check-in/model'

/**
 * One day of the file: every entry of that date merged. Lists, not sets and maps, and names shared with the file's
 * tallies: a 10-year file has 3,653 days, and a Set and two Maps a day were most of what it kept (README).
 */
export interface FoundDay {
  date: string
  /** the mood name of the day's last entry (by time), if any */
  mood: string | null
  /** the day's activities, each once */
  activities: string[]
  /** a scale's value: the day's last */
  scales: [name: string, value: number][]
  /** a habit's mark: 1 done, 0 not done */
  habits: [name: string, done: 0 | 1][]
  /** each entry's note with its time; joined in time order (Daylio's file is newest first) */
  notes: { at: number; text: string }[] | null
  /** the first and last entry's time (epoch ms, as written in the file) */
  first: number
  last: number
  /** the file's line (or entry number) of the day's first entry, for messages */
  line: number
}

/** A value's decimals (at most 3, the most a tracker has). */
const decimalsOf = (value: number) => Math.min(String(value).split('.')[1]?.length ?? 0, 3)

/** Sets the value of `name` in a list of pairs. */
function setPair<T>(pairs: [string, T][], name: string, value: T, replace: boolean): void {
  const at = pairs.findIndex(([key]) => key === name)
  if (at === -1) pairs.push([name, value])
  else if (replace) pairs[at]![1] = value
}

export interface RefusedRow { line: number; why: string }

/**
 * What a file holds. Collecting (the default) keeps every day, merging its entries wherever they are in the file. A
 * streaming one (a Daylio CSV, whose entries of one day are listed together) keeps only the day being read: a day is
 * complete when a row of another date comes, and is then handed to `handOver` (when given) and forgotten, so a file
 * of any length is read in the memory of one day; a date whose entries are not together is refused at its second place.
 */
export class Found {
  /** the days, when collecting */
  readonly days = new Map<string, FoundDay>()
  /** the day being read, when streaming */
  private current: FoundDay | undefined
  /** when streaming: the dates read so far, and the first and the last (YYYY-MM-DD sorts as text) */
  private readonly dates = new Set<string>()
  private range: { from: string; to: string } | undefined
  /** the most decimals of each scale's values (a new tracker's decimals, write.ts) */
  readonly scaleDecimals = new Map<string, number>()
  /** the earliest entry's time (epoch ms), the definitions' creation time */
  earliest: number | undefined
  /** name → how many entries name it */
  readonly moods = new Map<string, number>()
  /** a mood name's value the file itself says (a Daylio backup's mood groups), by name */
  readonly moodValues = new Map<string, number>()
  readonly activities = new Map<string, number>()
  /** an activity's group in the file (a Daylio backup's tag groups) */
  readonly activityGroups = new Map<string, string>()
  readonly scales = new Map<string, number>()
  readonly habits = new Map<string, number>()
  /** habits that cannot go over as yes/no trackers, with why */
  readonly habitsLeftOut = new Map<string, string>()
  readonly refused: RefusedRow[] = []
  rows = 0
  /** each name as first read: every day that names it holds that one string */
  private readonly names = new Map<string, string>()

  constructor(private readonly mode: { stream: false } | { stream: true; handOver?: (day: FoundDay) => void } = { stream: false }) {}

  /** Counts one more of `name` in `counts`; the name as first read. */
  private tally(counts: Map<string, number>, name: string): string {
    let known = this.names.get(name)
    if (known === undefined) this.names.set(name, (known = name))
    counts.set(known, (counts.get(known) ?? 0) + 1)
    return known
  }

  refuse(line: number, why: string): void {
    this.refused.push({ line, why })
  }

  /** The day of `date`, made on first use (when streaming: the day being read, or a new one that completes it). */
  day(date: string, at: number, line: number): FoundDay {
    this.earliest = Math.min(this.earliest ?? at, at)
    let day = this.mode.stream ? (this.current?.date === date ? this.current : undefined) : this.days.get(date)
    if (!day) {
      day = { date, mood: null, activities: [], scales: [], habits: [], notes: null, first: at, last: at, line }
      if (this.mode.stream) {
        this.complete()
        this.current = day
      } else this.days.set(date, day)
    }
    return day
  }

  /** When streaming: the day being read is complete (refused when its date came before, or its notes are too long). */
  private complete(): void {
    const day = this.current
    if (!this.mode.stream || !day) return
    this.current = undefined
    if (this.dates.has(day.date)) return this.refuse(day.line, `the entries of ${day.date} are not together: the file is not in Daylio's order`)
    this.dates.add(day.date)
    if (tooLong(day)) return this.refuse(day.line, tooLongWhy(day))
    const { from, to } = this.range ?? { from: day.date, to: day.date }
    this.range = { from: day.date < from ? day.date : from, to: day.date > to ? day.date : to }
    this.mode.handOver?.(day)
  }

  /** How many days the file has, from and to which date. */
  summary(): { days: number; range: { from: string; to: string } | null } {
    if (this.mode.stream) return { days: this.dates.size, range: this.range ?? null }
    const days = this.ordered()
    return { days: days.length, range: days.length === 0 ? null : { from: days[0]!.date, to: days.at(-1)!.date } }
  }

  /**
   * One entry of a day, merged by the documented rules: the mood and scale values of the latest entry (by its
   * time; of two at one time, the one read first: Daylio lists the newest first), every activity, the notes in time order.
   */
  entry(date: string, at: number, line: number, entry: { mood: string | null; activities: string[]; scales?: [string, number][]; note: string | null }): void {
    const day = this.day(date, at, line)
    const latest = at > day.last
    if (entry.mood !== null) {
      const mood = this.tally(this.moods, entry.mood)
      if (latest || day.mood === null) day.mood = mood
    }
    for (const name of entry.activities) {
      const activity = this.tally(this.activities, name)
      if (!day.activities.includes(activity)) day.activities.push(activity)
    }
    for (const [name, value] of entry.scales ?? []) {
      const scale = this.tally(this.scales, name)
      setPair(day.scales, scale, value, latest)
      this.scaleDecimals.set(scale, Math.max(this.scaleDecimals.get(scale) ?? 0, decimalsOf(value)))
    }
    if (entry.note !== null) (day.notes ??= []).push({ at, text: entry.note })
    day.first = Math.min(day.first, at)
    day.last = Math.max(day.last, at)
  }

  habit(name: string, date: string, at: number, line: number, done: 0 | 1): void {
    setPair(this.day(date, at, line).habits, this.tally(this.habits, name), done, true)
  }

  /** After the file is read: a day whose notes together are longer than a note may be is refused, with its line. */
  settle(): this {
    this.complete()
    for (const day of this.days.values()) {
      if (!tooLong(day)) continue
      this.days.delete(day.date)
      this.refuse(day.line, tooLongWhy(day))
    }
    this.refused.sort((a, b) => a.line - b.line)
    return this
  }

  /** The days in date order. */
  ordered(): FoundDay[] {
    return [...this.days.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
  }
}

/** A day's note: its entries' texts, separated by a blank line; null without any. */
export function joinedNote(day: FoundDay): string | null {
  const text = [...day.notes ?? []].sort((a, b) => a.at - b.at).map((note) => note.text).filter((note) => note.trim() !== '').join('\n\n')
  return text === '' ? null : text
}

export const noteTooLong = (note: string | null) => note !== null && [...note].length > NOTE_MAX
const tooLong = (day: FoundDay) => noteTooLong(joinedNote(day))
const tooLongWhy = (day: FoundDay) => `the notes of ${day.date} are longer than ${NOTE_MAX} characters together`
export { NOTE_MAX }

/** A date of the calendar as YYYY-MM-DD, or undefined when there is no such day. */
export function calendarDate(year: number, month: number, day: number): string | undefined {
  if (!Number.isInteger(year) || year < 1970 || year > 9999) return undefined
  const ms = Date.UTC(year, month - 1, day)
  const d = new Date(ms)
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return undefined
  return d.toISOString().slice(0, 10)
}
