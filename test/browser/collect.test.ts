/**
 * The collect pages in a real browser: quick add recognises and files a link (its page title fetched from a
 * loopback site, allowed here by FETCH_ALLOW_PRIVATE), a to-do (due date and repeat shown in the user's format
 * and timezone before saving) and a note (confirmed first); the libraries list, page and delete; the clipboard
 * with text and a pasted image, copied back to the system clipboard and deleted; phone widths.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { createUser, type TestUser } from '../helpers/fixtures'
import { expectCount, useBrowserApp, waitForFocus } from './harness'
import { formatDay, todayIn } from '../../src/web/lib/format'

const b = useBrowserApp({ FETCH_ALLOW_PRIVATE: 'true' })

/** A web page the server fetches for a link's title (the browser never loads it). */
let site: ReturnType<typeof Bun.serve>
beforeAll(() => {
  site = Bun.serve({
    hostname: '127.0.0.1', port: 0,
    fetch: () => new Response(
      '<html><head><title>x</title><meta property="og:title" content="Planning a vegetable garden">'
      + '<meta name="description" content="When to sow, where to plant and what grows well together."></head><body></body></html>',
      { headers: { 'content-type': 'text/html; charset=utf-8' } },
    ),
  })
})
afterAll(() => site.stop(true))

const TIMEZONE = 'Pacific/Auckland'

async function userWithFormats(name: string): Promise<TestUser> {
  const user = await createUser(b.t, { name, timezone: TIMEZONE })
  await b.t.request('PUT', '/api/v1/users/me/settings/date-format', { token: user.token, body: { date_format: 'YYYY/mm/dd' } })
  return user
}

/** The `data` of an API read, as the user. */
async function read(user: TestUser, path: string): Promise<any> {
  return ((await b.t.request('GET', `/api/v1${path}`, { token: user.token })).body as { data: unknown }).data
}

const items = (user: TestUser, library: string): Promise<Record<string, unknown>[]> => read(user, `/libraries/${library}`)

async function commit(user: TestUser, content: string, content_type: string, metadata?: Record<string, unknown>) {
  const response = await b.t.request('POST', '/api/v1/dashboard/quick-add/commit', { token: user.token, body: { content, content_type, metadata } })
  expect(response.status).toBe(201)
}

const noHorizontalScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)

/** YYYY-MM-DD of the day after the user's today. */
function tomorrowIn(timezone: string): string {
  const day = new Date(`${todayIn(timezone)}T00:00:00Z`)
  day.setUTCDate(day.getUTCDate() + 1)
  return day.toISOString().slice(0, 10)
}

test('quick add files a link, a to-do and a note, each then found in its library', async () => {
  const user = await userWithFormats('Quinn')
  const { page, expectClean } = await b.openAs(user, '/quick-add')
  const input = page.getByLabel('What do you want to keep?')
  await input.waitFor()

  // A link: recognised while typing, filed with the title of the fetched page.
  const url = `http://127.0.0.1:${site.port}/garden`
  await input.fill(url)
  const card = page.locator('.detection')
  await card.filter({ hasText: 'Recognised as Link' }).waitFor()
  expect(await card.textContent()).toContain('80%')
  expect(await card.textContent()).toContain('127.0.0.1')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await page.getByRole('status').filter({ hasText: '“Planning a vegetable garden” saved to Links.' }).waitFor()
  expect(await page.getByRole('link', { name: 'Open Links' }).getAttribute('href')).toBe('/libraries/links')
  expect(await input.inputValue()).toBe('')

  // A to-do: its due date (the user's tomorrow, in the user's format) and repeat are shown before saving.
  await input.fill('Pay rent #home /finance due:tomorrow repeat:monthly')
  await card.filter({ hasText: 'Recognised as To-do' }).waitFor()
  const tomorrow = tomorrowIn(TIMEZONE)
  const weekday = new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone: 'UTC' }).format(new Date(`${tomorrow}T00:00:00Z`))
  const due = card.locator('.fact').filter({ hasText: 'Due' })
  expect(await due.locator('dd').textContent()).toBe(`${weekday} ${formatDay(tomorrow, 'YYYY/mm/dd')} (tomorrow)`)
  expect(await card.locator('.fact').filter({ hasText: 'Repeats' }).locator('dd').textContent()).toBe('Monthly')
  expect(await card.locator('.fact').filter({ hasText: 'Title' }).locator('dd').textContent()).toBe('Pay rent')
  expect(await card.textContent()).toContain('#home')
  expect(await card.textContent()).toContain('70%')
  await b.screenshot(page, 'quick-add')
  await input.press('Control+Enter')
  await page.getByRole('status').filter({ hasText: '“Pay rent” saved to To-dos.' }).waitFor()

  // A note is a guess: daybook asks before saving it.
  await input.fill('Ideas for the weekend\n- lake\n- museum')
  await card.filter({ hasText: 'Recognised as Note' }).waitFor()
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await page.getByText('daybook is not sure what this is. Save it as “Note”?').waitFor()
  expect(await items(user, 'notes')).toEqual([])
  await page.getByRole('button', { name: 'Yes, save as “Note”' }).click()
  await page.getByRole('status').filter({ hasText: '“Ideas for the weekend” saved to Notes.' }).waitFor()

  // Each one is in its library page.
  await page.getByRole('link', { name: 'Open Notes' }).click()
  await page.getByRole('heading', { name: 'Notes', level: 1 }).waitFor()
  await page.getByRole('heading', { name: 'Ideas for the weekend', level: 2 }).waitFor()
  // The note's text is Markdown: its list is a list.
  await expectCount(page.locator('.library-item .fact-long dd li'), 2)
  expect(await page.locator('.library-item .fact-long dd li').allTextContents()).toEqual(['lake', 'museum'])

  await page.goto(`${b.origin}/libraries/links`)
  const link = page.getByRole('link', { name: 'Planning a vegetable garden (opens in a new tab)' })
  await link.waitFor()
  expect(await link.getAttribute('href')).toBe(url)
  expect(await link.getAttribute('target')).toBe('_blank')
  expect(await link.getAttribute('rel')).toBe('noopener noreferrer')
  await page.getByText('When to sow, where to plant and what grows well together.').waitFor()

  await page.goto(`${b.origin}/libraries/todos`)
  const todo = page.locator('.library-item').filter({ hasText: 'Pay rent' })
  await todo.waitFor()
  expect(await todo.locator('.fact').filter({ hasText: 'Due' }).locator('dd').textContent()).toContain(formatDay(tomorrow, 'YYYY/mm/dd'))
  expect(await todo.locator('.fact').filter({ hasText: 'Repeats' }).locator('dd').textContent()).toBe('Monthly')
  expect(await todo.locator('.fact').filter({ hasText: 'Category' }).locator('dd').textContent()).toBe('finance')

  const [saved] = await items(user, 'todos')
  expect(saved).toMatchObject({ title: 'Pay rent', due_at: tomorrow, repeat: 'monthly', tags: ['home'], category: 'finance' })
  expect(await items(user, 'links')).toMatchObject([{ url, title: 'Planning a vegetable garden' }])
  expectClean()
})

test('quick add: a hand-picked type needs no confirmation; an empty text is refused at the field', async () => {
  const user = await userWithFormats('Pick')
  const { page, expectClean } = await b.openAs(user, '/quick-add')
  const input = page.getByLabel('What do you want to keep?')
  await input.waitFor()
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await page.getByText('“What do you want to keep?” is required.').waitFor()
  expect(await input.getAttribute('aria-invalid')).toBe('true')

  await input.fill('Stay hungry, stay foolish.')
  await page.locator('.detection').filter({ hasText: 'Recognised as Note' }).waitFor()
  await page.getByLabel('Save as').selectOption('quotes')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await page.getByRole('status').filter({ hasText: '“Stay hungry, stay foolish.” saved to Quotes.' }).waitFor()
  expect(await items(user, 'quotes')).toMatchObject([{ quote: 'Stay hungry, stay foolish.' }])
  expectClean()
})

test('libraries: counts, a library page a page at a time, an item deleted after confirming', async () => {
  const user = await userWithFormats('Libby')
  // A title in the metadata: the server then fetches nothing (no network in tests).
  await commit(user, 'https://www.goodreads.com/book/show/44767458', 'books', { title: 'Dune', author: 'Frank Herbert', pages: 688, publication_year: 1965 })
  await commit(user, 'https://www.imdb.com/title/tt0133093/', 'movies', { title: 'The Matrix', publication_year: 1999 })
  await commit(user, 'Water plants due:today repeat:weekly', 'todo')
  // One millisecond apart at least: "newest first" cannot order two items saved in the same millisecond.
  for (let i = 1; i <= 21; i++) {
    await commit(user, `Thought number ${i}`, 'quotes')
    await Bun.sleep(2)
  }

  const { page, expectClean } = await b.openAs(user, '/libraries')
  await page.getByRole('heading', { name: 'Libraries', level: 1 }).waitFor()
  const card = (name: string) => page.locator('.library-card').filter({ has: page.getByRole('link', { name, exact: true }) })
  await card('Books').filter({ hasText: '1 item' }).waitFor()
  expect(await card('Quotes').textContent()).toContain('21 items')
  expect(await card('Music').textContent()).toContain('0 items')
  await b.screenshot(page, 'libraries')

  // Quotes: 20 on the first page, the oldest on the second.
  await card('Quotes').getByRole('link').click()
  await page.getByRole('heading', { name: 'Quotes', level: 1 }).waitFor()
  await expectCount(page.locator('.library-item'), 20)
  expect(await page.locator('.library-item').first().textContent()).toContain('Thought number 21')
  await page.getByRole('button', { name: 'Next' }).click()
  await page.waitForURL(`${b.origin}/libraries/quotes?page=2`)
  await page.locator('.library-item').filter({ hasText: /Thought number 1(?!\d)/ }).waitFor()
  await expectCount(page.locator('.library-item'), 1)

  // Deleting the only item of page 2 goes back to page 1.
  await page.getByRole('button', { name: 'Delete “Thought number 1”' }).click()
  await page.getByRole('button', { name: 'Yes, delete' }).click()
  await page.getByRole('status').filter({ hasText: '“Thought number 1” was deleted.' }).waitFor()
  await page.waitForURL(`${b.origin}/libraries/quotes`)
  expect((await items(user, 'quotes')).length).toBe(20)

  // Books: the facts, then a delete that is first cancelled, then confirmed.
  await page.goto(`${b.origin}/libraries/books`)
  const book = page.locator('.library-item').filter({ hasText: 'Dune' })
  await book.waitFor()
  expect(await book.locator('.fact').filter({ hasText: 'Author' }).locator('dd').textContent()).toBe('Frank Herbert')
  expect(await book.locator('.fact').filter({ hasText: 'Pages' }).locator('dd').textContent()).toBe('688')
  expect(await book.locator('.item-source').textContent()).toBe('www.goodreads.com')
  await page.getByRole('button', { name: 'Delete “Dune”' }).click()
  await page.getByRole('button', { name: 'Cancel' }).click()
  await waitForFocus(page.getByRole('button', { name: 'Delete “Dune”' }))
  expect((await items(user, 'books')).length).toBe(1)
  await page.getByRole('button', { name: 'Delete “Dune”' }).click()
  await page.getByRole('button', { name: 'Yes, delete' }).click()
  await page.getByText('This library is empty.').waitFor()
  // The deleted item's buttons are gone: the message about it has the focus.
  await waitForFocus(page.locator('.feedback').filter({ hasText: '“Dune” was deleted.' }))
  expect(await items(user, 'books')).toEqual([])

  // An unknown library is said in words.
  await page.goto(`${b.origin}/libraries/stamps`)
  await page.getByRole('heading', { name: 'Library not found' }).waitFor()
  expectClean()
})

/** A PNG drawn by the browser, put into a synthetic paste event on the page. */
async function pastePng(page: Page, width: number, height: number) {
  await page.evaluate(async ([w, h]) => {
    const canvas = document.createElement('canvas')
    canvas.width = w!
    canvas.height = h!
    const ctx = canvas.getContext('2d')!
    const gradient = ctx.createLinearGradient(0, 0, w!, h!)
    gradient.addColorStop(0, '#2f6f5e')
    gradient.addColorStop(1, '#e1efe9')
    ctx.fillStyle = gradient
    ctx.fillRect(0, 0, w!, h!)
    ctx.fillStyle = '#ffffff'
    ctx.font = '28px sans-serif'
    ctx.fillText('Whiteboard, 24 June', 16, h! / 2)
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'))
    const data = new DataTransfer()
    data.items.add(new File([blob], 'image.png', { type: 'image/png' }))
    document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
  }, [width, height])
}

test('clipboard: text added and copied; an image pasted, previewed, uploaded, shown, copied and deleted', async () => {
  const user = await userWithFormats('Clip')
  const { page, expectClean } = await b.openAs(user, '/clipboard', { permissions: ['clipboard-read', 'clipboard-write'] })
  await page.getByRole('heading', { name: 'Clipboard', level: 1 }).waitFor()
  await page.getByText('Your clipboard is empty.').waitFor()

  // Text, copied back to the system clipboard.
  await page.getByLabel('Text', { exact: true }).fill('Wi-Fi: daybook-guest / correct-horse')
  await page.getByRole('button', { name: 'Save text' }).click()
  await page.getByRole('status').filter({ hasText: 'Text saved.' }).waitFor()
  await page.getByRole('button', { name: 'Copy “Wi-Fi: daybook-guest / correct-horse”' }).click()
  await page.getByRole('status').filter({ hasText: 'Copied to your clipboard.' }).waitFor()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('Wi-Fi: daybook-guest / correct-horse')

  // An image pasted anywhere on the page is previewed before it is uploaded.
  await pastePng(page, 480, 180)
  const preview = page.getByRole('img', { name: 'Preview of pasted image' })
  await preview.waitFor()
  await page.locator('.image-preview').filter({ hasText: 'PNG' }).filter({ hasText: '480 × 180 px' }).waitFor()
  await waitForFocus(page.getByRole('button', { name: 'Upload image', exact: true }))
  await page.getByRole('button', { name: 'Upload image' }).click()
  await page.getByRole('status').filter({ hasText: 'Image saved.' }).waitFor()
  await expectCount(preview, 0)

  const [entry] = await read(user, '/clipboard?type=image')
  expect(entry).toMatchObject({ type: 'image', mime_type: 'image/png' })
  const shown = page.locator('.clip-image img')
  await shown.waitFor()
  expect(await shown.getAttribute('src')).toBe(`/storage/user/${entry.file_path}`)
  await page.waitForFunction(() => (document.querySelector('.clip-image img') as HTMLImageElement | null)?.naturalWidth === 480)
  await b.screenshot(page, 'clipboard')

  // Copied back as a PNG.
  await page.locator('.clip-entry').filter({ has: shown }).getByRole('button', { name: /^Copy/ }).click()
  await page.getByRole('status').filter({ hasText: 'Copied to your clipboard.' }).waitFor()
  const copied = await page.evaluate(async () => {
    const [item] = await navigator.clipboard.read()
    const png = await item!.getType('image/png')
    const bitmap = await createImageBitmap(png)
    return { types: item!.types, width: bitmap.width }
  })
  expect(copied).toEqual({ types: ['image/png'], width: 480 })

  // Deleted after confirming: gone from the list, and its public URL with it.
  await page.locator('.clip-entry').filter({ has: shown }).getByRole('button', { name: /^Delete/ }).click()
  await page.getByRole('button', { name: 'Yes, delete' }).click()
  await page.getByRole('status').filter({ hasText: 'Entry deleted.' }).waitFor()
  await page.locator('.clip-image').waitFor({ state: 'detached' })
  expect((await fetch(`${b.origin}/storage/user/${entry.file_path}`)).status).toBe(404)
  const left = await read(user, '/clipboard')
  expect(left).toMatchObject([{ type: 'text', content: 'Wi-Fi: daybook-guest / correct-horse' }])
  expectClean()
})

test('clipboard: a dropped image is previewed; wrong files are refused in words, before and by the server', async () => {
  const user = await userWithFormats('Drop')
  const { page, expectClean } = await b.openAs(user, '/clipboard')
  const zone = page.locator('.drop-zone')
  await zone.waitFor()

  await zone.evaluate(async (element) => {
    const canvas = document.createElement('canvas')
    canvas.width = 64
    canvas.height = 48
    canvas.getContext('2d')!.fillRect(0, 0, 64, 48)
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'))
    const data = new DataTransfer()
    data.items.add(new File([blob], 'sketch.png', { type: 'image/png' }))
    element.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }))
    element.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }))
  })
  await page.getByRole('img', { name: 'Preview of sketch.png' }).waitFor()
  await page.locator('.image-preview').filter({ hasText: '64 × 48 px' }).waitFor()
  await page.getByRole('button', { name: 'Discard' }).click()
  await expectCount(page.locator('.image-preview'), 0)

  // The file input, for keyboards: a text file is refused before any upload.
  const chooser = page.getByLabel('Choose an image')
  await chooser.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') })
  await page.getByRole('alert').filter({ hasText: 'This file is not a JPEG, PNG, GIF or WebP image.' }).waitFor()
  expect(await page.getByRole('button', { name: 'Upload image' }).isDisabled()).toBe(true)

  // A file that claims to be a PNG but is not: the server reads the bytes and refuses; the page says why.
  await chooser.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('GIF? no, just text pretending') })
  await page.getByRole('button', { name: 'Upload image' }).click()
  await page.getByRole('alert').filter({ hasText: 'This file is not a JPEG, PNG, GIF or WebP image.' }).waitFor()
  expect(await read(user, '/clipboard')).toEqual([])
  expectClean()
})

test('phone width, in German and dark: the collect pages fit 360 px without scrolling sideways', async () => {
  const user = await userWithFormats('Phone')
  await b.t.request('PUT', '/api/v1/users/me/settings/language', { token: user.token, body: { language: 'de' } })
  await commit(user, 'Renew passport due:2027-03-31 link:https://example.org/a-very-long-path/that-keeps-going/and-going/form#step2', 'todo')
  await b.t.request('POST', '/api/v1/clipboard', { token: user.token, body: { content: 'https://example.org/an-unbroken-string-of-characters-that-would-overflow-a-narrow-screen' } })
  const { page, expectClean } = await b.openAs(user, '/quick-add', { phone: true, colorScheme: 'dark' })
  const input = page.getByLabel('Was möchtest du behalten?')
  await input.fill('Call the plumber about the kitchen sink due:friday repeat:weekly #house /home/repairs')
  await page.locator('.detection').filter({ hasText: 'Erkannt als Aufgabe' }).filter({ hasText: 'Wöchentlich' }).waitFor()
  await noHorizontalScroll(page)
  await b.screenshot(page, 'quick-add-phone')

  await page.goto(`${b.origin}/libraries/todos`)
  await page.getByRole('heading', { name: 'Aufgaben', level: 1 }).waitFor()
  await page.locator('.library-item').filter({ hasText: 'Renew passport' }).waitFor()
  await noHorizontalScroll(page)

  await page.goto(`${b.origin}/libraries`)
  await page.locator('.library-card').first().waitFor()
  await noHorizontalScroll(page)

  await page.goto(`${b.origin}/clipboard`)
  await page.locator('.clip-entry').first().waitFor()
  await noHorizontalScroll(page)
  await b.screenshot(page, 'clipboard-phone')
  expectClean()
})
