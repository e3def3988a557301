/**
 * Library items edited in place in a real browser (pages/libraries/edit-form.tsx): a book's title and year, a
 * to-do's due date and priority, a link's title; only the changed fields are sent; the API's refusal shown at its
 * field, an emptied title said to be required, Cancel and Escape leaving the item as it was, the focus moving into
 * the form and back. A note written in Markdown, hostile parts and all, rendered safely (no script, no
 * `javascript:` link, no image loaded: the harness fails on any request to another origin) and shown again after
 * a reload; a phone in dark mode in German; axe on each.
 */
import { expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { createUser, type TestUser } from '../helpers/fixtures'
import { expectAccessible, useBrowserApp, waitForFocus } from './harness'

const b = useBrowserApp()

async function commit(user: TestUser, content: string, content_type: string, metadata?: Record<string, unknown>): Promise<string> {
  const response = await b.api('POST', '/dashboard/quick-add/commit', user, { content, content_type, metadata })
  expect(response.status).toBe(201)
  return (response.body as { data: { id: string } }).data.id
}

async function item(user: TestUser, library: string, id: string): Promise<Record<string, unknown>> {
  const response = await b.api('GET', `/libraries/${library}/${id}`, user)
  expect(response.status).toBe(200)
  return (response.body as { data: Record<string, unknown> }).data
}

/** The bodies of the PATCH requests the page sends, in order. */
function patches(page: Page): unknown[] {
  const sent: unknown[] = []
  page.on('request', (request) => { if (request.method() === 'PATCH') sent.push(request.postDataJSON()) })
  return sent
}

/** A dialog (an `alert()` a note smuggled in) fails the test. */
function noDialogs(page: Page): string[] {
  const opened: string[] = []
  page.on('dialog', (dialog) => { opened.push(dialog.message()); void dialog.dismiss() })
  return opened
}

const editForm = (page: Page, name: string) => page.getByRole('form', { name: `Edit “${name}”` })

test('a book\'s title and year, changed in place: only they are sent, a refusal is shown at its field, Cancel and Escape keep the item', async () => {
  const user = await createUser(b.t, { name: 'Bea' })
  const id = await commit(user, 'Dune', 'books', { author: 'Frank Herbert', publication_year: 1965 })
  const { page, expectClean } = await b.openWithToken(user, '/libraries/books')
  const sent = patches(page)

  const edit = page.getByRole('button', { name: 'Edit “Dune”' })
  await edit.click()
  const form = editForm(page, 'Dune')
  await waitForFocus(form.getByLabel('Title'))
  expect(await form.getByLabel('Author').inputValue()).toBe('Frank Herbert')
  expect(await form.getByLabel('Year').inputValue()).toBe('1965')
  await expectAccessible(page)
  await b.screenshot(page, 'library-edit')

  // The API refuses a year past 9999: its message stands at the field, tied to it, and the form stays open.
  await form.getByLabel('Year').fill('12345')
  await form.getByRole('button', { name: 'Save' }).click()
  await form.getByText('Year must be between 0 and 9999.').waitFor()
  const year = form.getByLabel('Year')
  expect(await year.getAttribute('aria-invalid')).toBe('true')
  const described = (await year.getAttribute('aria-describedby'))!
  expect(await page.locator(`[id="${described}"]`).textContent()).toBe('Year must be between 0 and 9999.')
  expect(sent).toEqual([{ publication_year: 12345 }])
  await expectAccessible(page)

  // An emptied title is said to be required and nothing is sent (the API would keep the old one without a word).
  await form.getByLabel('Title').fill('  ')
  await form.getByRole('button', { name: 'Save' }).click()
  await form.getByText('Title is required.').waitFor()
  expect(sent).toHaveLength(1)

  await form.getByLabel('Title').fill('Dune Messiah')
  await form.getByLabel('Year').fill('1969')
  await form.getByRole('button', { name: 'Save' }).click()
  await page.getByRole('status').filter({ hasText: '“Dune Messiah” was saved.' }).waitFor()
  await page.getByRole('heading', { name: 'Dune Messiah', level: 2 }).waitFor()
  await waitForFocus(page.getByRole('button', { name: 'Edit “Dune Messiah”' }))
  expect(sent[1]).toEqual({ title: 'Dune Messiah', publication_year: 1969 })
  expect(await item(user, 'books', id)).toMatchObject({ title: 'Dune Messiah', publication_year: 1969, author: 'Frank Herbert' })

  // Cancel: what was typed is gone, nothing is sent, the focus is back on Edit.
  await page.getByRole('button', { name: 'Edit “Dune Messiah”' }).click()
  await editForm(page, 'Dune Messiah').getByLabel('Author').fill('Someone else')
  await editForm(page, 'Dune Messiah').getByRole('button', { name: 'Cancel' }).click()
  await waitForFocus(page.getByRole('button', { name: 'Edit “Dune Messiah”' }))
  expect(await page.locator('.library-item').textContent()).toContain('Frank Herbert')

  // Escape, from the keyboard alone: Enter opens, Escape closes, and the next opening starts from the item again.
  await page.keyboard.press('Enter')
  await waitForFocus(editForm(page, 'Dune Messiah').getByLabel('Title'))
  await page.keyboard.type(' (draft)')
  await page.keyboard.press('Escape')
  await waitForFocus(page.getByRole('button', { name: 'Edit “Dune Messiah”' }))
  await page.keyboard.press('Enter')
  expect(await editForm(page, 'Dune Messiah').getByLabel('Title').inputValue()).toBe('Dune Messiah')
  expect(sent).toHaveLength(2)

  await page.reload()
  await page.getByRole('heading', { name: 'Dune Messiah', level: 2 }).waitFor()
  expect(await page.locator('.library-item').textContent()).toContain('1969')
  expectClean()
})

test('a to-do\'s due date and priority, and a link\'s title, changed in place', async () => {
  const user = await createUser(b.t, { name: 'Tom' })
  const todo = await commit(user, 'Pay rent', 'todo', { priority: 'low' })
  const link = await commit(user, 'http://127.0.0.1:9/unreachable', 'links', { title: 'http://127.0.0.1:9/unreachable' })
  const { page, expectClean } = await b.openWithToken(user, '/libraries/todos')
  const sent = patches(page)

  await page.getByRole('button', { name: 'Edit “Pay rent”' }).click()
  const form = editForm(page, 'Pay rent')
  expect(await form.getByLabel('Priority').inputValue()).toBe('low')
  await form.getByLabel('Due').fill('2030-01-15')
  await form.getByLabel('Priority').selectOption('high')
  await expectAccessible(page)
  await form.getByRole('button', { name: 'Save' }).click()
  await page.getByRole('status').filter({ hasText: '“Pay rent” was saved.' }).waitFor()
  expect(sent).toEqual([{ due_at: '2030-01-15', priority: 'high' }])
  expect(await item(user, 'todos', todo)).toMatchObject({ due_at: '2030-01-15', priority: 'high', is_completed: false })
  await page.locator('.library-item').getByText('15.01.2030').waitFor()
  expect(await page.locator('.library-item').textContent()).toContain('High')

  // A link whose page could not be fetched keeps its address as its title until someone names it.
  await page.goto(`${b.origin}/libraries/links`)
  await page.getByRole('button', { name: 'Edit “http://127.0.0.1:9/unreachable”' }).click()
  const linkForm = editForm(page, 'http://127.0.0.1:9/unreachable')
  await linkForm.getByLabel('Title').fill('The router\'s page')
  await linkForm.getByLabel('Tags').fill('home, #network')
  await linkForm.getByRole('button', { name: 'Save' }).click()
  await page.getByRole('heading', { name: 'The router\'s page', level: 2 }).waitFor()
  expect(sent[1]).toEqual({ title: 'The router\'s page', tags: ['home', '#network'] })
  expect(await item(user, 'links', link)).toMatchObject({ title: 'The router\'s page', tags: ['home', 'network'], url: 'http://127.0.0.1:9/unreachable' })
  expectClean()
})

const NOTE = [
  'Plans',
  '# Garden',
  '## Beds',
  '- tomatoes',
  '- beans',
  '',
  '1. sow',
  '2. water',
  '',
  'A [guide](https://example.com/guide) and [x](javascript:alert(1)), **soon**.',
  '',
  '<script>alert(1)</script>',
  '',
  '![a cat](https://images.example/cat.png) <img src="https://images.example/dog.png" onerror="alert(2)">',
].join('\n')

/** Everything the rendered note must and must not be, wherever it is drawn. */
async function expectSafeNote(page: Page, box: string) {
  const note = page.locator(box)
  await note.getByRole('heading', { name: 'Garden', level: 3 }).waitFor()
  await note.getByRole('heading', { name: 'Beds', level: 4 }).waitFor()
  expect(await note.locator('ul > li').allTextContents()).toEqual(['tomatoes', 'beans'])
  expect(await note.locator('ol > li').allTextContents()).toEqual(['sow', 'water'])
  expect(await note.locator('strong').textContent()).toBe('soon')
  const links = note.locator('a')
  expect(await links.evaluateAll((all) => all.map((a) => a.getAttribute('href')))).toEqual([
    'https://example.com/guide', 'https://images.example/cat.png',
  ])
  // The javascript: link is its text; the raw HTML is the text that was typed; no element of it exists.
  expect(await note.textContent()).toContain(' and x, soon.')
  expect(await note.textContent()).toContain('<script>alert(1)</script>')
  expect(await note.textContent()).toContain('<img src="https://images.example/dog.png" onerror="alert(2)">')
  expect(await note.locator('script, img, iframe').count()).toBe(0)
  expect(await page.evaluate(() => document.querySelectorAll('a[href^="javascript"], [onerror], [onclick]').length)).toBe(0)
  expect(await page.evaluate(() => Array.from(document.scripts).map((s) => new URL(s.src).pathname.startsWith('/assets/')))).not.toContain(false)
}

test('a note in Markdown on a phone in dark mode: previewed, saved, rendered safely, and rendered again after a reload', async () => {
  const user = await createUser(b.t, { name: 'Nia' })
  const id = await commit(user, 'Plans\nfirst draft', 'note')
  const { page, expectClean } = await b.openWithToken(user, '/libraries/notes', { phone: true, colorScheme: 'dark' })
  const dialogs = noDialogs(page)
  await page.locator('.library-item').getByText('first draft').waitFor()

  await page.getByRole('button', { name: 'Edit “Plans”' }).click()
  const form = editForm(page, 'Plans')
  await waitForFocus(form.getByLabel('Title'))
  const text = form.getByRole('textbox', { name: 'Text', exact: true })
  expect(await text.inputValue()).toBe('Plans\nfirst draft')
  await text.fill(NOTE)

  // The preview shows the text as the note will, in place of the box, and gives the box back.
  const preview = form.getByRole('button', { name: 'Preview' })
  await preview.click()
  expect(await preview.getAttribute('aria-pressed')).toBe('true')
  await expectSafeNote(page, '.note-preview')
  expect(await text.isVisible()).toBe(false)
  await expectAccessible(page)
  await preview.click()
  expect(await text.isVisible()).toBe(true)

  await form.getByRole('button', { name: 'Save' }).click()
  await page.getByRole('status').filter({ hasText: '“Plans” was saved.' }).waitFor()
  await expectSafeNote(page, '.library-item .markdown')
  // The first line repeats the title and is shown once, as the title.
  expect(await page.locator('.library-item .markdown').textContent()).not.toContain('Plans')
  expect((await item(user, 'notes', id)).content).toBe(NOTE)
  await expectAccessible(page)
  await b.screenshot(page, 'library-note-phone')

  await page.reload()
  await expectSafeNote(page, '.library-item .markdown')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  expect(dialogs).toEqual([])
  expectClean()
})

test('in German on a desktop: the form, its hints and its refusals read in German and pass axe', async () => {
  const user = await createUser(b.t, { name: 'Greta' })
  expect((await b.api('PUT', '/users/me/settings/language', user, { language: 'de' })).status).toBe(200)
  await commit(user, 'Basilikum', 'plants')
  const { page, expectClean } = await b.openWithToken(user, '/libraries/plants', { locale: 'de-DE' })
  await page.getByRole('button', { name: '„Basilikum“ bearbeiten' }).click()
  const form = page.getByRole('form', { name: '„Basilikum“ bearbeiten' })
  await waitForFocus(form.getByLabel('Name', { exact: true }))
  expect(await form.getByLabel('Standort').locator('option').allTextContents()).toEqual(['Nicht angegeben', 'Drinnen', 'Draußen', 'Drinnen und draußen'])
  await form.getByLabel('Standort').selectOption('indoor')
  await form.getByLabel('Link').fill('kein link')
  await form.getByRole('button', { name: 'Speichern' }).click()
  await form.getByText('„Link“ muss eine gültige URL sein.').waitFor()
  await expectAccessible(page)
  await form.getByLabel('Link').fill('')
  await form.getByRole('button', { name: 'Speichern' }).click()
  await page.getByRole('status').filter({ hasText: '„Basilikum“ wurde gespeichert.' }).waitFor()
  expect(await page.locator('.library-item').textContent()).toContain('Drinnen')
  expectClean()
})
