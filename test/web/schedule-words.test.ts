/**
 * The backups page's schedule in words (src/web/pages/admin-backups/schedule-words.ts), read by croner's own
 * CronPattern: the common forms in each language and the user's time format, and no words for anything unusual
 * (the page then shows the pattern itself).
 */
import { describe, expect, test } from 'bun:test'
import { scheduleInWords } from '../../src/web/pages/admin-backups/schedule-words'

const words = (pattern: string, lang: 'en' | 'de' | 'fr' | 'es' = 'en', timeFormat = 'H:i') => scheduleInWords(pattern, 'Europe/Berlin', timeFormat, lang)

describe('schedules in words', () => {
  test('every day, on weekdays, on days of the week or month, every hour', () => {
    expect(words('0 3 * * *')).toBe('daily at 03:00')
    expect(words('0 0 3 * * *')).toBe('daily at 03:00')
    expect(words('@daily')).toBe('daily at 00:00')
    expect(words('0 3 * * *', 'en', 'g:i a')).toBe('daily at 3:00 am')
    expect(words('0 */6 * * *')).toBe('daily at 00:00, 06:00, 12:00 and 18:00')
    expect(words('30 2 * * 1-5')).toBe('on weekdays at 02:30')
    expect(words('0 4 * * sun')).toBe('every Sunday at 04:00')
    expect(words('0 4 * * 7')).toBe('every Sunday at 04:00')
    expect(words('0 4 * * 1,4')).toBe('every Monday and Thursday at 04:00')
    expect(words('0 3 1 * *')).toBe('monthly on day 1 at 03:00')
    expect(words('0 3 1,15 * *')).toBe('monthly on days 1 and 15 at 03:00')
    expect(words('15 * * * *')).toBe('every hour at minute 15')
  })

  test('in the page\'s language', () => {
    expect(words('0 3 * * *', 'de')).toBe('täglich um 03:00')
    expect(words('0 4 * * 1,4', 'de')).toBe('jeden Montag und Donnerstag um 04:00')
    expect(words('0 3 1 * *', 'de')).toBe('monatlich am 1. um 03:00')
    expect(words('0 3 * * *', 'fr')).toBe('tous les jours à 03:00')
    expect(words('0 3 1,15 * *', 'fr')).toBe('chaque mois les 1 et 15 à 03:00')
    expect(words('30 2 * * 1-5', 'es')).toBe('de lunes a viernes a las 02:30')
  })

  test('anything unusual has no words: the pattern is shown instead', () => {
    for (const pattern of ['0 3 L * *', '0 3 * * 5#1', '0 3 * 2 *', '*/5 * * * *', '0 0-23/2 * * *', '30 0 3 * * *', '0 3 1-7 * 1', '0 3 15W * *', 'nonsense', '']) {
      expect({ pattern, words: words(pattern) }).toEqual({ pattern, words: undefined })
    }
  })
})
