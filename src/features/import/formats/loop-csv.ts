/**
 * Loop Habit Tracker's CSV export (README "Imports from other apps"): a ZIP with `Habits.csv` (its current header
 * `Position,Name,Type,Question,Description,NumRepetitions,Interval,Color,Unit,Target Type,Target Value,Archived?`
 * and the older ones without `Type`, `Question` or what follows `Color`; columns found by name) and a folder per
 * habit, `{position} {name}/`, whose `Checkmarks.csv` lists `Date,Value,Notes` (the header may be missing). A
 * value says 2 done, 1 done automatically (both yes), 0 not done (no), -1 unknown and -3 skipped (nothing). A
 * measurable habit (`Type` 1) counts amounts, not yes or no: it is left out, with why. The ZIP goes through the
 * import's bounded reader (zip-reader.ts); a checkmark that cannot be read is refused with its file and line.
 */
import { refuse } from '../refusal'
import { ZipArchive } from '../zip-reader'
import { calendarDate, Found } from './found'
import { eachCsvRow } from './csv-rows'

const HABITS = 'Habits.csv'
/** the cap of every CSV of the export (a checkmark a day for 100 years is ~1 MiB) */
const CSV_CAP = 32 * 1024 * 1024
const MARKS: Record<string, 0 | 1 | null> = { 2: 1, 1: 1, 0: 0, '-1': null, '-3': null }

interface Habit { name: string; position: number; measurable: boolean }

function habitsOf(zip: ZipArchive): Habit[] {
  const habits: Habit[] = []
  let at: { name: number; position: number; type: number } | undefined
  eachCsvRow(zip.read(HABITS), HABITS, (record) => {
    if (!at) {
      const header = record.map((name) => name.trim().toLowerCase())
      at = { name: header.indexOf('name'), position: header.indexOf('position'), type: header.indexOf('type') }
      return
    }
    const name = (record[at.name] ?? '').trim()
    if (name !== '') habits.push({ name, position: Number(record[at.position]), measurable: at.type >= 0 && (record[at.type] ?? '').trim() === '1' })
  })
  if (!at || at.name < 0 || at.position < 0) refuse('Habits.csv is not a Loop Habit Tracker export: its header needs Position and Name.')
  return habits
}

export function readLoopCsv(bytes: Uint8Array): Found {
  const zip = new ZipArchive(bytes, () => CSV_CAP)
  if (!zip.entries.has(HABITS)) refuse('The file is not a Loop Habit Tracker export: it has no Habits.csv.')
  const habits = habitsOf(zip)
  const found = new Found()
  for (const entry of zip.entries.keys()) {
    const m = /^(\d+) ([^/]+)\/Checkmarks\.csv$/.exec(entry)
    if (!m) continue
    const habit = habits.find((h) => h.position === Number(m[1])) ?? habits.find((h) => h.name === m[2])
      ?? refuse(`The archive holds "${entry.slice(0, 200)}", a habit Habits.csv does not list.`)
    if (habit.measurable) {
      found.habitsLeftOut.set(habit.name, 'a measurable habit counts amounts, not yes or no')
      found.habits.set(habit.name, 0)
      continue
    }
    eachCsvRow(zip.read(entry), entry, (record, line) => {
      const [dateText = '', valueText = ''] = record.map((cell) => cell.trim())
      if (line === 1 && dateText.toLowerCase() === 'date') return
      found.rows++
      const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateText)
      const date = d ? calendarDate(Number(d[1]), Number(d[2]), Number(d[3])) : undefined
      if (!date) return found.refuse(line, `${entry}: the date ${JSON.stringify(dateText.slice(0, 40))} is not a day of the calendar from 1970 on`)
      const mark = MARKS[valueText]
      if (mark === undefined) return found.refuse(line, `${entry}: the value ${JSON.stringify(valueText.slice(0, 20))} is none of 2, 1, 0, -1, -3`)
      if (mark !== null) found.habit(habit.name, date, Date.parse(`${date}T00:00:00Z`), line, mark)
    })
  }
  return found
}
