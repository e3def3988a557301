/**
 * checkIn: check_ins.csv and the check-in entries of docs/api/check-in.md §1, with the definitions their own
 * values, activities and sports name (own-definitions.ts): trackers.csv, activities.csv, sports.csv, and data.json's
 * `trackers`, `activities` and `sports` before `checkIn`. The twelve columns of check_ins.csv stay first and as they
 * were (a client reads them, `Sports` as the code); the person's own trackers, `More Sports`, `Activities` and `Note`
 * follow.
 */
import { presentCheckIn } from '../../check-in/present'
import type { CheckInDay } from '../../check-in/store'
import { checkInPages, mapPages, ownDefinitions } from '../readers'
import type { FeatureWriter } from '../scope'
import { dayColumns, definitionSections, writeDefinitionFiles } from './own-definitions'
import { writeCsvFile } from './text-file'

const HEADER = [
  'Date', 'Mood', 'Water', 'Sports', 'Sleep', 'Dreams', 'Work', 'Food Quality', 'Food Amount', 'Menstruation', 'Alcohol',
  'Smoking', 'Social Life',
]

const row = (c: CheckInDay) => [
  c.date, c.mood, c.water, c.sports, c.sleep, c.dreams, c.work, c.foodQuality, c.foodAmount, c.menstruation, c.alcohol,
  c.smoking, c.socialLife,
]

export const checkInWriter: FeatureWriter = {
  async writeFiles(scope) {
    const definitions = await ownDefinitions(scope)
    const own = dayColumns(definitions, HEADER)
    const count = await writeCsvFile(scope, 'check_ins.csv', [...HEADER, ...own.headers], checkInPages(scope), (c) => [...row(c), ...own.cells(c)])
    await writeDefinitionFiles(scope, definitions, HEADER)
    const more = { trackers: definitions.trackers.length, activities: definitions.activities.length, sports: definitions.sports.length }
    return { count, files: ['check_ins.csv', 'trackers.csv', 'activities.csv', 'sports.csv'], more }
  },
  data: (scope) => ({ pages: mapPages(checkInPages(scope), presentCheckIn) }),
  before: async (scope) => definitionSections(scope, await ownDefinitions(scope)),
}
