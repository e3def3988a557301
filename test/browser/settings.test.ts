/**
 * The settings page in a real browser against the real server: a section menu leads to every section; every control
 * saves itself when it is changed and says so quietly, and what it saved is still there after a reload and in
 * `GET /users/me`; the language switches the app at once;
 * the Telegram pairing message is shown (a bot is configured but does not run in tests: the page says honestly that
 * the bot has not seen the code, and the bot's own /connect handler then links the chat); a webhook channel is added,
 * tested against a real loopback receiver that checks the signature with the secret the page showed, and deleted.
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { createHmac } from 'node:crypto'
import type { BrowserContextOptions, Page } from 'playwright-core'
import { createUser, PASSWORD, type TestUser } from '../helpers/fixtures'
import { png } from '../users/images'
import { connectChat } from '../../src/features/chatbot/bot-connect'
import { formatDateTime } from '../../src/web/lib/format'
import { IDLE_BOT_ENV } from '../helpers/telegram'
import { expectCount, signInThroughPage, useBrowserApp, waitForFocus } from './harness'

// Channels to loopback receivers are refused unless private addresses are allowed (README "Notifications"). A
// server without a bot hands out no pairing code (alert-channels.test.ts): this one has one configured, and the name
// the running bot would record from getMe (tested against a Bot API peer in test/chatbot/bot-info.test.ts).
const b = useBrowserApp({ NOTIFY_ALLOW_PRIVATE: 'true', ...IDLE_BOT_ENV })
beforeAll(() => { b.t.deps.telegramBot.username = 'daybook_test_bot' })
const CLIPBOARD: BrowserContextOptions = { permissions: ['clipboard-read', 'clipboard-write'] }

const api = b.api
const settingsOf = async (user: TestUser) => (await api('GET', '/users/me', user)).body.data.settings
const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true })

/** A webhook receiver on loopback that records each request with its raw body. */
const received: { headers: Headers; body: string }[] = []
const receiver = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  async fetch(request) {
    received.push({ headers: request.headers, body: await request.text() })
    return new Response('ok')
  },
})
afterAll(() => receiver.stop(true))

/**
 * Waits until `read` (what the API has stored) matches `expected`: a setting saves itself a moment after it is changed,
 * with no button whose answer the test could wait for.
 */
async function stored(read: () => Promise<unknown>, expected: Record<string, unknown>): Promise<void> {
  const deadline = Date.now() + 5000
  for (;;) {
    const now = await read()
    if (Date.now() > deadline || Object.entries(expected).every(([key, value]) => Bun.deepEquals((now as Record<string, unknown>)[key], value))) {
      expect(now).toMatchObject(expected)
      return
    }
    await Bun.sleep(50)
  }
}

test('the settings have a section menu, and one way of saving: a change saves itself, says so quietly, and stays after a reload', async () => {
  const user = await createUser(b.t, { name: 'Mia', email: 'mia@settings.test' })
  const { page, expectClean } = await b.openAs(user, '/settings')
  // The menu names every section, in four groups, and leads to it; no section has a Save button.
  const menu = page.getByRole('navigation', { name: 'Sections of the settings' })
  await menu.waitFor()
  expect(await menu.getByRole('link').allTextContents()).toEqual([
    'Profile and region', 'Profile image', 'Language', 'Time zone', 'Date and time format',
    'Check-in and weather', 'Check-in', 'Weather location', 'Temperature unit',
    'Alerts', 'Alert times', 'Telegram', 'Notification channels', 'AI', 'AI provider key',
  ])
  await page.getByRole('region', { name: 'AI provider key' }).waitFor()
  await expectCount(page.getByRole('main').getByRole('button', { name: 'Save', exact: true }), 0)
  await menu.getByRole('link', { name: 'Temperature unit' }).click()
  await page.waitForURL((url) => url.hash === '#temperature')
  // On a desktop the menu stays in sight beside the sections while they scroll.
  const top = (await menu.boundingBox())!.y
  await page.mouse.wheel(0, 1500)
  await page.waitForFunction(() => window.scrollY > 1000)
  expect(Math.abs((await menu.boundingBox())!.y - top)).toBeLessThan(50)

  await section(page, 'Temperature unit').getByLabel('Fahrenheit (°F)').check()
  await section(page, 'Temperature unit').getByRole('status').filter({ hasText: 'Saved.' }).waitFor()
  await stored(() => settingsOf(user), { temperature_unit: 'f' })
  await page.reload()
  expect(await section(page, 'Temperature unit').getByLabel('Fahrenheit (°F)').isChecked()).toBe(true)
  // The welcome is one link away.
  expect(await page.getByRole('link', { name: 'Run the welcome again' }).getAttribute('href')).toBe('/welcome')
  expectClean()
})

test('a link from another page to a section brings that section into view', async () => {
  const user = await createUser(b.t)
  const { page, expectClean } = await b.openAs(user, '/trackers')
  await page.getByRole('link', { name: 'Settings → Check-in' }).click()
  await page.waitForURL((url) => url.pathname === '/settings' && url.hash === '#check-in')
  const checkIn = section(page, 'Check-in')
  await checkIn.waitFor()
  await page.waitForFunction(() => {
    const box = document.getElementById('check-in')!.getBoundingClientRect()
    return box.top >= 0 && box.top < window.innerHeight / 2
  })
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
  expectClean()
})

test('the language switches the whole app at once when picked and stays after a reload', async () => {
  const user = await createUser(b.t, { name: 'Lena', email: 'lena@settings.test' })
  const { page, expectClean } = await b.openAs(user, '/settings')
  const language = section(page, 'Language')
  await language.getByLabel('Language of the app').selectOption('de')
  // No reload: the heading, the menu and the section's own message are German now.
  await page.getByRole('heading', { level: 1, name: 'Einstellungen' }).waitFor()
  await page.getByRole('link', { name: 'Freunde' }).waitFor()
  await section(page, 'Sprache').getByRole('status').filter({ hasText: 'Gespeichert.' }).waitFor()
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('de')
  expect((await settingsOf(user)).language).toBe('de')

  await page.reload()
  await page.getByRole('heading', { level: 1, name: 'Einstellungen' }).waitFor()
  expect(await section(page, 'Sprache').getByLabel('Sprache der App').inputValue()).toBe('de')
  expect(await page.title()).toBe('Einstellungen · daybook')
  expectClean()
})

test('time zone, formats, weather, temperature unit and AI key: each saved as it is changed, kept after a reload', async () => {
  const user = await createUser(b.t, { name: 'Tomo', email: 'tomo@settings.test' })
  const { page, expectClean } = await b.openAs(user, '/settings')

  // Time zone: searchable among the browser's zones, saved when the field is left; a wrong one is refused at the field.
  const zone = section(page, 'Time zone')
  const zoneInput = zone.getByRole('combobox', { name: 'Time zone' })
  await zoneInput.waitFor()
  await expectCount(zone.locator('datalist option[value="Asia/Tokyo"]'), 1)
  await zoneInput.fill('Mars/Olympus_Mons')
  await zoneInput.press('Tab')
  await zone.getByText('Time zone must be a valid time zone.').waitFor()
  expect(await zoneInput.getAttribute('aria-invalid')).toBe('true')
  await zoneInput.fill('Asia/Tokyo')
  await zone.getByText(/Time there now: \d\d:\d\d/).waitFor()
  await zoneInput.press('Enter')
  await zone.getByRole('status').filter({ hasText: 'Saved.' }).waitFor()
  await stored(() => settingsOf(user), { timezone: 'Asia/Tokyo' })

  // Formats: each choice is an example in that format, saved when picked.
  const formats = section(page, 'Date and time format')
  const dateOptions = await formats.getByLabel('Date format').locator('option').allTextContents()
  expect(dateOptions).toHaveLength(6)
  expect(dateOptions[2]).toMatch(/^\d{4}\/\d\d\/\d\d$/)
  const [h24, upper, lower] = await formats.getByLabel('Time format').locator('option').allTextContents()
  expect(h24).toMatch(/^\d\d:\d\d$/)
  expect(upper).toMatch(/^\d{1,2}:\d\d (AM|PM)$/)
  expect(lower).toMatch(/^\d{1,2}:\d\d (am|pm)$/)
  await formats.getByLabel('Date format').selectOption('YYYY/mm/dd')
  await stored(() => settingsOf(user), { date_format: 'YYYY/mm/dd' })
  await formats.getByLabel('Time format').selectOption('g:i a')
  await stored(() => settingsOf(user), { time_format: 'g:i a' })

  // Weather: saved once all three are filled in; a latitude out of range is said at its field, by its label.
  const weather = section(page, 'Weather location')
  await weather.getByLabel('City').fill('Berlin')
  await weather.getByLabel('Latitude').fill('123')
  await weather.getByLabel('Longitude').fill('13.405')
  await weather.getByLabel('Longitude').press('Tab')
  await weather.getByText('Latitude must be between -90 and 90.').waitFor()
  await weather.getByLabel('Latitude').fill('52.52')
  await weather.getByLabel('Latitude').press('Tab')
  await weather.getByRole('status').filter({ hasText: 'Saved.' }).waitFor()

  const unit = section(page, 'Temperature unit')
  await unit.getByLabel('Fahrenheit (°F)').check()
  await unit.getByRole('status').filter({ hasText: 'Saved.' }).waitFor()

  // AI key: saved when entered; an empty field saves nothing (it would delete the key); the stored key is shown masked only.
  const ai = section(page, 'AI provider key')
  await ai.getByText('No key is stored.').waitFor()
  await ai.getByLabel('New key').fill('sk-test-abcdefgh1234')
  await ai.getByLabel('New key').press('Enter')
  await ai.getByText('A key is stored, ending in …1234.').waitFor()
  await ai.getByRole('status').filter({ hasText: 'The key was saved.' }).waitFor()
  expect(await ai.getByLabel('New key').inputValue()).toBe('')
  await ai.getByLabel('New key').press('Tab')

  expect(await settingsOf(user)).toMatchObject({
    timezone: 'Asia/Tokyo', date_format: 'YYYY/mm/dd', time_format: 'g:i a', weather_city: 'Berlin', weather_latitude: 52.52,
    weather_longitude: 13.405, temperature_unit: 'f', ai_enabled: true, openai_api_key: '…1234',
  })

  await page.reload()
  expect(await section(page, 'Time zone').getByRole('combobox', { name: 'Time zone' }).inputValue()).toBe('Asia/Tokyo')
  expect(await section(page, 'Date and time format').getByLabel('Date format').inputValue()).toBe('YYYY/mm/dd')
  expect(await section(page, 'Date and time format').getByLabel('Time format').inputValue()).toBe('g:i a')
  expect(await section(page, 'Weather location').getByLabel('City').inputValue()).toBe('Berlin')
  expect(await section(page, 'Weather location').getByLabel('Latitude').inputValue()).toBe('52.52')
  expect(await section(page, 'Weather location').getByLabel('Longitude').inputValue()).toBe('13.405')
  expect(await section(page, 'Temperature unit').getByLabel('Fahrenheit (°F)').isChecked()).toBe(true)
  await section(page, 'AI provider key').getByText('A key is stored, ending in …1234.').waitFor()

  // Removing asks first: keeping it leaves the key, "Yes, remove" removes it.
  await section(page, 'AI provider key').getByRole('button', { name: 'Remove key' }).click()
  const question = section(page, 'AI provider key').getByRole('group', { name: /^Remove the stored key\?/ })
  await waitForFocus(question.getByRole('button', { name: 'Cancel' }))
  await question.getByRole('button', { name: 'Cancel' }).click()
  await waitForFocus(section(page, 'AI provider key').getByRole('button', { name: 'Remove key' }))
  expect(await settingsOf(user)).toMatchObject({ ai_enabled: true })
  await section(page, 'AI provider key').getByRole('button', { name: 'Remove key' }).click()
  await question.getByRole('button', { name: 'Yes, remove' }).click()
  await section(page, 'AI provider key').getByText('No key is stored.').waitFor()
  expect(await settingsOf(user)).toMatchObject({ ai_enabled: false, openai_api_key: null })
  expectClean()
})

test('check-in trackers and sports saved as they are ticked (five sports before anything is sent), and a profile image uploaded when chosen', async () => {
  const user = await createUser(b.t, { name: 'Pia', email: 'pia@settings.test' })
  const { page, expectClean } = await b.openAs(user, '/settings')
  const checkInSettings = async () => (await api('GET', '/users/me/settings/check-in', user)).body.data

  const checkIn = section(page, 'Check-in')
  await checkIn.getByRole('checkbox', { name: 'Dreams' }).uncheck()
  await stored(checkInSettings, { enabled_trackers: ['mood', 'sports', 'water', 'sleep', 'work', 'food_quality', 'food_amount'] })
  await checkIn.getByRole('checkbox', { name: 'Social life' }).check()
  await stored(checkInSettings, { enabled_trackers: ['mood', 'sports', 'water', 'sleep', 'work', 'food_quality', 'food_amount', 'social_life'] })
  // Six sports is no choice the API takes: the section says so and sends nothing until it is five again.
  await checkIn.getByRole('checkbox', { name: 'Yoga' }).check()
  await checkIn.getByText('6 of 5 chosen').waitFor()
  await checkIn.getByText('Choose exactly five sports.').waitFor()
  // The sports have the names the check-in page gives them.
  await checkIn.getByRole('checkbox', { name: 'Strength training' }).uncheck()
  await stored(checkInSettings, { selected_sports: ['bike', 'mountain', 'footprints', 'waves_ladder', 'yoga'] })
  await checkIn.getByRole('status').filter({ hasText: 'Saved.' }).waitFor()
  await expectCount(checkIn.getByText('Choose exactly five sports.'), 0)

  // Profile image: a wrong file is refused before sending; a PNG is uploaded as soon as it is chosen.
  const image = section(page, 'Profile image')
  await image.getByText('You have no profile image yet; friends see your initials.').waitFor()
  await image.getByLabel('Choose an image').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') })
  await image.getByText('Choose a JPEG, PNG, GIF or WebP image.').waitFor()
  await image.getByLabel('Choose an image').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from(png(96, 96)) })
  await image.getByRole('status').filter({ hasText: 'Your profile image was updated.' }).waitFor()
  const path = (await api('GET', '/users/me', user)).body.data.profile.profile_image_path
  expect(path).toMatch(new RegExp(`^${user.id}/profile/[0-9a-f]{32}\\.png$`))
  expect(await image.getByRole('img', { name: 'Your profile image' }).getAttribute('src')).toBe(`/storage/user/${path}`)

  await page.reload()
  const current = section(page, 'Profile image').getByRole('img', { name: 'Your profile image' })
  expect(await current.getAttribute('src')).toBe(`/storage/user/${path}`)
  expect(await current.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth))).toBe(96)
  expect(await section(page, 'Check-in').getByRole('checkbox', { name: 'Social life' }).isChecked()).toBe(true)
  expect(await section(page, 'Check-in').getByRole('checkbox', { name: 'Dreams' }).isChecked()).toBe(false)
  expectClean()
})

test('Telegram: the pairing message is shown and copied, the bot links the chat, alerts toggle, disconnect', async () => {
  const user = await createUser(b.t, { name: 'Tele', email: 'tele@settings.test' })
  const { page, expectClean } = await b.openAs(user, '/settings', CLIPBOARD)
  const telegram = section(page, 'Telegram')
  await telegram.getByText('No Telegram chat is linked.').waitFor()
  await telegram.getByRole('button', { name: 'Connect Telegram' }).click()

  const code = telegram.locator('code')
  await code.waitFor()
  const connection = (await api('GET', '/telegram/request', user)).body.data
  expect(await code.textContent()).toBe(`/connect ${connection.token}`)
  expect(connection.token).toMatch(/^[0-9a-f]{64}$/)
  const until = formatDateTime(connection.token_expires_at, { timezone: 'UTC', dateFormat: 'dd.mm.YYYY', timeFormat: 'H:i', lang: 'en' })
  await telegram.getByText(`The code is valid until ${until}.`).waitFor()
  await telegram.getByRole('button', { name: 'Copy message for the bot' }).click()
  const copied = await page.evaluate(() => navigator.clipboard.readText())
  expect(copied).toBe(`/connect ${connection.token}`)

  // No bot runs in tests, so nothing has linked the chat yet: the page says so instead of pretending.
  await telegram.getByRole('button', { name: 'Check whether it is linked' }).click()
  await telegram.getByText('The bot has not received the code yet.', { exact: false }).waitFor()

  // Alert toggles may be set before the chat is linked (docs/api/chatbot.md §4.3).
  await telegram.getByRole('checkbox', { name: 'Your day, every morning' }).check()
  await telegram.getByRole('status').filter({ hasText: 'Saved.' }).waitFor()
  expect((await api('GET', '/telegram/request', user)).body.data).toMatchObject({ your_day_alert: true, check_in_alert: false })

  // The message the user copied, handled by the bot's own /connect code, links the chat.
  expect(connectChat(b.t.deps, '424242', copied.split(' ')[1]!)).toContain('Your token was accepted.')
  await telegram.getByRole('button', { name: 'Check whether it is linked' }).click()
  await telegram.getByRole('status').filter({ hasText: 'Your Telegram chat is linked.' }).waitFor()
  await telegram.getByText('Linked to the Telegram chat 424242.').waitFor()
  await telegram.getByRole('checkbox', { name: 'Check-in reminder, every evening' }).check()
  await telegram.getByRole('status').filter({ hasText: 'Saved.' }).waitFor()

  await page.reload()
  await section(page, 'Telegram').getByText('Linked to the Telegram chat 424242.').waitFor()
  expect(await section(page, 'Telegram').getByRole('checkbox', { name: 'Your day, every morning' }).isChecked()).toBe(true)
  expect(await section(page, 'Telegram').getByRole('checkbox', { name: 'Check-in reminder, every evening' }).isChecked()).toBe(true)

  await section(page, 'Telegram').getByRole('button', { name: 'Disconnect Telegram' }).click()
  const question = section(page, 'Telegram').getByRole('group', { name: 'Disconnect Telegram' })
  await waitForFocus(question.getByRole('button', { name: 'Keep it' }))
  await question.getByRole('button', { name: 'Yes, disconnect' }).click()
  await section(page, 'Telegram').getByRole('status').filter({ hasText: 'Telegram was disconnected.' }).waitFor()
  await section(page, 'Telegram').getByText('No Telegram chat is linked.').waitFor()
  expect((await api('GET', '/telegram/request', user)).body.data).toBeNull()
  expectClean()
})

test('Telegram: once the server\'s bot has started, the page links to it with the pairing code for one tap', async () => {
  const user = await createUser(b.t, { name: 'Link', email: 'link@settings.test' })
  const { page, expectClean } = await b.openAs(user, '/settings')
  const telegram = section(page, 'Telegram')
  await telegram.getByRole('button', { name: 'Connect Telegram' }).click()
  const link = telegram.getByRole('link', { name: 'Open @daybook_test_bot in Telegram' })
  await link.waitFor()
  const { token } = (await api('GET', '/telegram/request', user)).body.data
  expect(await link.getAttribute('href')).toBe(`https://t.me/daybook_test_bot?start=${token}`)
  expect(await link.getAttribute('rel')).toBe('noopener noreferrer')
  await telegram.getByText('Or send @daybook_test_bot this message:').waitFor()
  expect(await telegram.locator('code').textContent()).toBe(`/connect ${token}`)
  expectClean()
})

test('alert times, and a webhook channel added, tested against a real receiver, changed and deleted', async () => {
  const user = await createUser(b.t, { name: 'Noa', email: 'noa@settings.test' })
  const { page, expectClean } = await b.openAs(user, '/settings')

  const times = section(page, 'Alert times')
  // Times are offered in quarter hours, written in the user's time format (24-hour by default).
  await times.getByLabel('My day starts at').waitFor()
  const starts = await times.getByLabel('My day starts at').locator('option').allTextContents()
  expect([starts.length, starts[0], starts.at(-1)]).toEqual([25, '00:00', '06:00'])
  // Each time is saved when it is picked.
  await times.getByLabel('Your day').selectOption('06:30')
  await times.getByLabel('Check-in reminder').selectOption('21:15')
  await times.getByLabel('My day starts at').selectOption('03:00')
  await times.getByLabel('Weekly summary, on Sunday').selectOption('18:00')
  await times.getByRole('checkbox', { name: 'Send the weekly summary to Telegram' }).check()
  await stored(async () => (await api('GET', '/notifications/settings', user)).body.data,
    { your_day_time: '06:30', check_in_time: '21:15', weekly_time: '18:00', weekly_telegram: true, day_start: '03:00' })
  await times.getByRole('status').filter({ hasText: 'Saved.' }).waitFor()

  const channels = section(page, 'Notification channels')
  await channels.getByText('No channels yet.').waitFor()
  await channels.getByLabel('Type').selectOption('webhook')
  const hookUrl = `http://127.0.0.1:${receiver.port}/hook`
  await channels.getByLabel('Webhook URL').fill(hookUrl)
  await channels.getByRole('button', { name: 'Add channel' }).click()
  await channels.getByRole('status').filter({ hasText: 'The channel was added.' }).waitFor()
  // The signing secret is shown once, focused so it is not missed.
  const secretBox = channels.getByRole('group', { name: 'Signing secret' })
  const secret = (await secretBox.locator('code').textContent())!
  expect(secret).toMatch(/^[0-9a-f]{64}$/)
  await waitForFocus(secretBox.getByRole('heading', { name: 'Signing secret' }))

  await channels.getByRole('button', { name: `Send a test to Webhook ${hookUrl}` }).click()
  await channels.getByRole('status').filter({ hasText: 'The test was delivered.' }).waitFor()
  expect(received).toHaveLength(1)
  const delivery = received[0]!
  expect(JSON.parse(delivery.body)).toMatchObject({ kind: 'test', user_id: user.id })
  expect(delivery.headers.get('x-daybook-signature')).toBe(`sha256=${createHmac('sha256', secret).update(delivery.body).digest('hex')}`)
  await secretBox.getByRole('button', { name: 'I have kept it' }).click()
  await expectCount(secretBox, 0)

  // Which alerts go to the channel is saved as soon as it is changed.
  const row = channels.getByRole('listitem').filter({ hasText: hookUrl })
  await row.getByRole('checkbox', { name: 'Check-in reminder' }).uncheck()
  await row.getByRole('status').filter({ hasText: 'Saved.' }).waitFor()
  expect(await row.getByRole('checkbox', { name: 'Weekly summary' }).isChecked()).toBe(false) // opt-in
  await row.getByRole('checkbox', { name: 'Weekly summary' }).check()
  await stored(async () => (await api('GET', '/notifications/channels', user)).body.data[0], { url: hookUrl, check_in: false, weekly: true })

  // An e-mail channel goes to the account's address; without a mail server its test lands in the outbox, and says so.
  await channels.getByLabel('Type').selectOption('email')
  await channels.getByText('Sent to your account’s address, noa@settings.test.').waitFor()
  await channels.getByRole('button', { name: 'Add channel' }).click()
  await channels.getByRole('button', { name: 'Send a test to E-mail to noa@settings.test' }).click()
  await channels.getByRole('listitem').filter({ hasText: 'noa@settings.test' }).getByText('This server has no mail server: the test was written to its outbox', { exact: false }).waitFor()
  expect(b.outbox().length).toBeGreaterThan(0)

  await page.reload()
  const reloaded = section(page, 'Notification channels').getByRole('listitem').filter({ hasText: hookUrl })
  expect(await reloaded.getByRole('checkbox', { name: 'Check-in reminder' }).isChecked()).toBe(false)
  expect(await reloaded.getByRole('checkbox', { name: 'Your day' }).isChecked()).toBe(true)
  expect(await reloaded.getByRole('checkbox', { name: 'Weekly summary' }).isChecked()).toBe(true)
  expect(await section(page, 'Alert times').getByRole('checkbox', { name: 'Send the weekly summary to Telegram' }).isChecked()).toBe(true)
  expect(await section(page, 'Alert times').getByLabel('My day starts at').inputValue()).toBe('03:00')

  // Deleting asks first, in the row; "Cancel" is the safe answer and gets the focus.
  await reloaded.getByRole('button', { name: `Delete Webhook ${hookUrl}` }).click()
  const question = reloaded.getByRole('group', { name: `Delete Webhook ${hookUrl}? No more alerts go there.` })
  await waitForFocus(question.getByRole('button', { name: 'Cancel' }))
  await question.getByRole('button', { name: 'Yes, delete' }).click()
  await section(page, 'Notification channels').getByRole('status').filter({ hasText: 'The channel was deleted.' }).waitFor()
  const left = (await api('GET', '/notifications/channels', user)).body.data
  expect(left.map((c: any) => c.type)).toEqual(['email'])
  expectClean()
})

test('the export notification link leads on to the export page', async () => {
  const user = await createUser(b.t, { name: 'Ex', email: 'ex@settings.test' })
  const { page, expectClean } = await b.open(`/signin?next=${encodeURIComponent('/settings?tab=export')}`)
  await signInThroughPage(page, user.email, PASSWORD)
  await page.waitForURL(`${b.origin}/export`)
  await page.getByRole('heading', { level: 1, name: 'Export' }).waitFor()
  expectClean()
})

test('a filled-in settings page fits a phone screen and looks right on a desktop', async () => {
  const user = await createUser(b.t, { name: 'Sam Rivera', email: 'sam@settings.test', timezone: 'Europe/Berlin' })
  const form = new FormData()
  form.append('image', new Blob([png(120, 120)], { type: 'image/png' }), 'sam.png')
  expect((await api('POST', '/users/me/profile-image', user, form)).status).toBe(200)
  expect((await api('PUT', '/users/me/settings/weather-city', user, { city: 'Berlin', lat: 52.52, lon: 13.405 })).status).toBe(200)
  expect((await api('PUT', '/users/me/settings/ai-provider-api-key', user, { key: 'sk-live-0123456789wXyZ' })).status).toBe(200)
  expect((await api('GET', '/telegram/token-request', user)).status).toBe(200)
  expect((await api('POST', '/notifications/channels', user, { type: 'email', check_in: false })).status).toBe(200)
  expect((await api('POST', '/notifications/channels', user, { type: 'webhook', url: `http://127.0.0.1:${receiver.port}/daybook` })).status).toBe(200)

  const phone = await b.openAs(user, '/settings', { phone: true })
  await section(phone.page, 'Notification channels').getByRole('listitem').first().waitFor()
  await section(phone.page, 'Telegram').locator('code').waitFor()
  expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await b.screenshot(phone.page, 'settings-phone')
  // Longer words in the other languages still fit.
  for (const [language, title] of [['de', 'Einstellungen'], ['fr', 'Réglages'], ['es', 'Ajustes']]) {
    expect((await api('PUT', '/users/me/settings/language', user, { language })).status).toBe(200)
    await phone.page.reload()
    await phone.page.getByRole('heading', { level: 1, name: title }).waitFor()
    await section(phone.page, 'Telegram').locator('code').waitFor()
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  }
  expect((await api('PUT', '/users/me/settings/language', user, { language: 'en' })).status).toBe(200)
  phone.expectClean()

  const desktop = await b.openAs(user, '/settings')
  await section(desktop.page, 'Notification channels').getByRole('listitem').first().waitFor()
  await section(desktop.page, 'Telegram').locator('code').waitFor()
  await section(desktop.page, 'Profile image').getByRole('img', { name: 'Your profile image' }).evaluate((img: HTMLImageElement) => img.decode())
  await b.screenshot(desktop.page, 'settings')
  desktop.expectClean()
})
