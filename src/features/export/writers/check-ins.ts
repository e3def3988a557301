/** checkIn: check_ins.csv and the check-in entries of docs/api/check-in.md §1. */
import { presentCheckIn } from '../../check-in/present'
import type { CheckInDay } from '../../check-in/store'
import { checkInPages, mapPages } from '../readers'
import type { FeatureWriter } from '../scope'
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
    const count = await writeCsvFile(scope, 'check_ins.csv', HEADER, checkInPages(scope), row)
    return { count, files: ['check_ins.csv'] }
  },
  data: (scope) => ({ pages: mapPages(checkInPages(scope), presentCheckIn) }),
}
