/**
 * An import from another app in a real browser (docs/api/import.md §6): choose Daylio's CSV, check the file (a dry
 * run that writes nothing), see its days and its refused row, map a renamed mood and an activity, import, follow the
 * job — on a desktop in English and on a phone in German, dark, with the page's accessibility checked.
 */
import { expect, test } from 'bun:test'
import { createUser } from '../helpers/fixtures'
import { runNextImportJob } from '../../src/features/import/run-job'
import { expectAccessible, useBrowserApp } from './harness'

const b = useBrowserApp()

const csv = '\uFEFF' + [
  'full_date,date,weekday,time,mood,activities,scales,note_title,note',
  '2024-03-05,March 5,Tuesday,10:00 pm,Fantastic,reading | tv,,,"A ""good"" day<br>really"',
  '2024-03-04,March 4,Monday,8:00 am,good,tv,,,',
  '2024-02-30,x,x,8:00 am,good,,,,',
].join('\r\n')

const cases = [
  { lang: 'en', phone: false, words: { format: 'What are you importing?', daylio: 'Daylio: CSV export', file: 'File', check: 'Check the file', found: 'Rows: 3. Days: 2, from 2024-03-04 to 2024-03-05.', refused: 'Rows that cannot be imported: 1', run: 'Import', accepted: 'The file was accepted: its import is shown below.', done: 'Import completed.', ignore: 'ignore' } },
  { lang: 'de', phone: true, words: { format: 'Was importierst du?', daylio: 'Daylio: CSV-Export', file: 'Datei', check: 'Datei prüfen', found: 'Zeilen: 3. Tage: 2, vom 2024-03-04 bis 2024-03-05.', refused: 'Zeilen, die nicht importiert werden können: 1', run: 'Importieren', accepted: 'Die Datei wurde angenommen – den Import siehst du unten.', done: 'Import abgeschlossen.', ignore: 'ignorieren' } },
] as const

for (const { lang, phone, words } of cases) {
  test(`a Daylio CSV checked, mapped and imported (${lang}, ${phone ? 'phone' : 'desktop'})`, async () => {
    const user = await createUser(b.t)
    expect((await b.api('PUT', '/users/me/settings/language', user, { language: lang })).status).toBe(200)
    const { page, expectClean } = await b.openWithToken(user, '/import', { phone, colorScheme: phone ? 'dark' : 'light' })
    await page.getByLabel(words.format).selectOption({ label: words.daylio })
    await page.getByLabel(words.file, { exact: true }).setInputFiles({ name: 'daylio_export.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
    await page.getByRole('button', { name: words.check }).click()
    await page.getByRole('status').filter({ hasText: words.found }).waitFor()
    // the dry run wrote nothing
    expect((await b.api('GET', '/check-in', user)).body.data).toEqual([])
    await page.getByText(words.refused).waitFor()
    // the default names are preselected; the renamed one waits for a choice
    expect(await page.getByLabel('good', { exact: true }).inputValue()).toBe('4')
    await page.getByLabel('Fantastic', { exact: true }).selectOption('5')
    await page.getByLabel('tv', { exact: true }).selectOption({ label: words.ignore })
    await expectAccessible(page)
    await b.screenshot(page, `import-daylio-mapping-${lang}`)
    await page.getByRole('button', { name: words.run, exact: true }).click()
    await page.getByText(words.accepted).waitFor()
    expect((await runNextImportJob(b.t.deps))?.status).toBe('completed')
    await page.getByRole('status').filter({ hasText: words.done }).waitFor()
    await b.screenshot(page, `import-daylio-${lang}`)
    const days = (await b.api('GET', '/check-in', user)).body.data
    expect(days.map((d: any) => [d.date, d.mood, d.note])).toEqual([['2024-03-05', 5, 'A "good" day\nreally'], ['2024-03-04', 4, null]])
    expect((await b.api('GET', '/activities', user)).body.data.map((a: any) => a.name)).toEqual(['reading'])
    expectClean()
  })
}
