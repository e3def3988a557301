/**
 * What an import from another app found (README "Imports from other apps"), whatever the format: the file's days,
 * each already merged from its entries by one rule, and the names the mapping step speaks of. The formats'
 * readers (daylio-csv.ts, daylio-backup.ts, loop-csv.ts) fill it; the dry run presents it (findings.ts), the job
 * writes it through the mapping (write.ts).
 */
import { NOTE_MAX } from '../../check-in/model'

/** One day of the file: every entry of that date merged. */
export interface FoundDay {
  date: string
  /** the mood name of the day's last entry (by time), if any */
  mood: string | null
  activities: Set<string>
  /** a scale's value: the day's last */
  scales: Map<string, number>
  /** a habit's mark: 1 done, 0 not done */
  habits: Map<string, 0 | 1>
  /** each entry's note with its time; joined in time order (Daylio's file is newest first) */
  notes: { at: number; text: string }[]
  /** the first and last entry's time (epoch ms, as written in the file) */
  first: number
  last: number
  /** the file's line (or entry number) of the day's first entry, for messages */
  line: number
}

export interface RefusedRow { line: number; why: string }

export class Found {
  readonly days = new Map<string, FoundDay>()
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

  refuse(line: number, why: string): void {
    this.refused.push({ line, why })
  }

  /** The day of `date`, made on first use. */
  day(date: string, at: number, line: number): FoundDay {
    let day = this.days.get(date)
    if (!day) {
      day = { date, mood: null, activities: new Set(), scales: new Map(), habits: new Map(), notes: [], first: at, last: at, line }
      this.days.set(date, day)
    }
    return day
  }

  /**
   * One entry of a day, merged by the documented rules: the mood and scale values of the latest entry (by its
   * time; of two at one time, the one read first: Daylio lists the newest first), every activity, the notes in time order.
   */
  entry(date: string, at: number, line: number, entry: { mood: string | null; activities: string[]; scales?: [string, number][]; note: string | null }): void {
    const day = this.day(date, at, line)
    const latest = at > day.last
    if (entry.mood !== null) {
      this.moods.set(entry.mood, (this.moods.get(entry.mood) ?? 0) + 1)
      if (latest || day.mood === null) day.mood = entry.mood
    }
    for (const name of entry.activities) {
      this.activities.set(name, (this.activities.get(name) ?? 0) + 1)
      day.activities.add(name)
    }
    for (const [name, value] of entry.scales ?? []) {
      this.scales.set(name, (this.scales.get(name) ?? 0) + 1)
      if (latest || !day.scales.has(name)) day.scales.set(name, value)
    }
    if (entry.note !== null) day.notes.push({ at, text: entry.note })
    day.first = Math.min(day.first, at)
    day.last = Math.max(day.last, at)
  }

  habit(name: string, date: string, at: number, line: number, done: 0 | 1): void {
    this.habits.set(name, (this.habits.get(name) ?? 0) + 1)
    this.day(date, at, line).habits.set(name, done)
  }

  /** After the file is read: a day whose notes together are longer than a note may be is refused, with its line. */
  settle(): this {
    for (const day of this.days.values()) {
      if (!noteTooLong(joinedNote(day))) continue
      this.days.delete(day.date)
      this.refuse(day.line, `the notes of ${day.date} are longer than ${NOTE_MAX} characters together`)
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
  const text = [...day.notes].sort((a, b) => a.at - b.at).map((note) => note.text).filter((note) => note.trim() !== '').join('\n\n')
  return text === '' ? null : text
}

export const noteTooLong = (note: string | null) => note !== null && [...note].length > NOTE_MAX
export { NOTE_MAX }

/** A date of the calendar as YYYY-MM-DD, or undefined when there is no such day. */
export function calendarDate(year: number, month: number, day: number): string | undefined {
  if (!Number.isInteger(year) || year < 1970 || year > 9999) return undefined
  const ms = Date.UTC(year, month - 1, day)
  const d = new Date(ms)
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return undefined
  return d.toISOString().slice(0, 10)
}
