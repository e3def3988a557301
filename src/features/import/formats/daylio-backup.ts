/**
 * Daylio's backup, the `.daylio` file (README "Imports from other apps"): a ZIP holding `backup.daylio`, base64 of a
 * JSON document — `customMoods` (each with `mood_group_id` 1 = best … 5 = worst and a `custom_name`, or a predefined
 * one), `tags` and `tag_groups` (activities and their groups), and `dayEntries` (`year`, `month` 0-based, `day`,
 * `hour`, `minute`, `mood`, `tags`, `note`, `note_title`). The ZIP goes through the import's bounded reader
 * (zip-reader.ts: entry count, names, sizes against caps and the total, inflated within the declared size, CRC-32);
 * the photos a backup may hold (`assets/…`) are never unpacked. An entry that cannot be read is refused with its
 * number (counted from 1) as its "line".
 */
import { MAX_IMAGE_BYTES } from '../../clipboard/model'
import { isObject, refuse } from '../refusal'
import { ZipArchive } from '../zip-reader'
import { calendarDate, Found } from './found'
import { noteText } from './daylio-csv'

const BACKUP = 'backup.daylio'
/** base64 of the largest JSON the import reads whole (48 MiB) */
const BACKUP_CAP = 64 * 1024 * 1024
const NOT_BACKUP = 'The file is not a Daylio backup: it has no backup.daylio.'
/** Daylio's predefined mood names by `predefined_name_id` (the English defaults, best first). */
const PREDEFINED = ['rad', 'good', 'meh', 'bad', 'awful']

const text = (v: unknown) => (typeof v === 'string' ? v : '')
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : [])

function backupJson(zip: ZipArchive): Record<string, unknown> {
  const bytes = zip.read(BACKUP)
  const base64 = new TextDecoder('latin1').decode(bytes).replace(/\s+/g, '')
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length % 4 === 1) refuse('backup.daylio is not base64 text.')
  let doc: unknown
  try {
    doc = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(base64, 'base64')))
  } catch {
    return refuse('backup.daylio does not hold JSON.')
  }
  if (!isObject(doc) || !Array.isArray(doc.dayEntries)) refuse('backup.daylio is not a Daylio backup: it has no dayEntries.')
  return doc as Record<string, unknown>
}

/** Mood ids → names, each name with its value (6 − group); a name two moods share is told apart by its value. */
function moodsOf(found: Found, raw: unknown): Map<number, string> {
  const names = new Map<number, string>()
  for (const mood of list(raw)) {
    if (!isObject(mood) || !Number.isInteger(mood.id)) continue
    const group = Number(mood.mood_group_id)
    if (!Number.isInteger(group) || group < 1 || group > 5) continue
    const predefined = PREDEFINED[Number(mood.predefined_name_id) - 1] ?? PREDEFINED[group - 1]!
    let name = text(mood.custom_name).trim() || predefined
    const value = 6 - group
    if (found.moodValues.has(name) && found.moodValues.get(name) !== value) name = `${name} (${value})`
    found.moodValues.set(name, value)
    names.set(mood.id as number, name)
  }
  return names
}

function tagsOf(found: Found, tags: unknown, groups: unknown): Map<number, string> {
  const groupNames = new Map<number, string>()
  for (const group of list(groups)) if (isObject(group) && Number.isInteger(group.id)) groupNames.set(group.id as number, text(group.name).trim())
  const names = new Map<number, string>()
  for (const tag of list(tags)) {
    if (!isObject(tag) || !Number.isInteger(tag.id) || text(tag.name).trim() === '') continue
    const name = text(tag.name).trim()
    names.set(tag.id as number, name)
    const group = groupNames.get(Number(tag.id_tag_group))
    if (group) found.activityGroups.set(name, group)
  }
  return names
}

export function readDaylioBackup(bytes: Uint8Array): Found {
  const zip = new ZipArchive(bytes, (name) => (name === BACKUP ? BACKUP_CAP : MAX_IMAGE_BYTES))
  if (!zip.entries.has(BACKUP)) refuse(NOT_BACKUP)
  const doc = backupJson(zip)
  const found = new Found()
  const moods = moodsOf(found, doc.customMoods)
  const tags = tagsOf(found, doc.tags, doc.tag_groups)
  for (const [i, entry] of (doc.dayEntries as unknown[]).entries()) {
    const line = i + 1
    found.rows++
    if (!isObject(entry)) { found.refuse(line, 'the entry is not an object'); continue }
    const [year, month, day, hour, minute] = [entry.year, entry.month, entry.day, entry.hour ?? 0, entry.minute ?? 0].map(Number) as number[]
    const date = calendarDate(year!, month! + 1, day!)
    if (!date) { found.refuse(line, `the date ${year}-${month! + 1}-${day} (month ${month} counted from 0) is not a day of the calendar from 1970 on`); continue }
    if (!Number.isInteger(hour) || !Number.isInteger(minute) || hour! < 0 || hour! > 23 || minute! < 0 || minute! > 59) {
      found.refuse(line, `the time ${hour}:${minute} is not a time of day`)
      continue
    }
    const mood = entry.mood === undefined || entry.mood === null ? null : moods.get(Number(entry.mood))
    if (mood === undefined) { found.refuse(line, `its mood ${JSON.stringify(entry.mood)} is none of the backup's moods`); continue }
    const activities = list(entry.tags).map((id) => tags.get(Number(id))).filter((name): name is string => name !== undefined)
    const note = [noteText(text(entry.note_title)), noteText(text(entry.note))].filter((part) => part !== '').join('\n\n')
    const at = Date.UTC(year!, month!, day!, hour, minute)
    found.entry(date, at, line, { mood, activities, note: note === '' ? null : note })
  }
  return found
}
