/**
 * The friends and export pages in a real browser against the real server: two users becoming friends through
 * their own pages (request by friend ID, accept; by link and e-mail address: friends.test.ts), the friend's public
 * profile, unfriending after an in-page question, declining and withdrawing requests; an export chosen, followed
 * live until the job loop finishes it,
 * downloaded as a ZIP, and the 24-hour rule shown on the user's clock; the phone layout.
 */
import { expect, test } from 'bun:test'
import { unzipSync, strFromU8 } from 'fflate'
import type { BrowserContextOptions } from 'playwright-core'
import { createUser, type TestUser } from '../helpers/fixtures'
import { png } from '../users/images'
import { startExportWorker } from '../../src/features/export/worker'
import { formatDateTime } from '../../src/web/lib/format'
import { useBrowserApp, waitForFocus } from './harness'

const b = useBrowserApp()
const CLIPBOARD: BrowserContextOptions = { permissions: ['clipboard-read', 'clipboard-write'] }

const api = b.api

/** Makes `from` and `to` friends through the API (a request, accepted). */
async function befriend(from: TestUser, to: TestUser) {
  const sent = await api('POST', '/friends/requests', from, { receiver_id: to.id })
  expect(sent.status).toBe(200)
  expect((await api('PUT', `/friends/requests/${sent.body.data.id}/accept`, to)).status).toBe(200)
}

async function uploadImage(user: TestUser, width: number) {
  const form = new FormData()
  form.append('image', new Blob([png(width, width)], { type: 'image/png' }), 'me.png')
  expect((await api('POST', '/users/me/profile-image', user, form)).status).toBe(200)
}

test('two users become friends through their pages, the profile opens, and unfriending asks first', async () => {
  const ada = await createUser(b.t, { name: 'Ada Lovelace', email: 'ada@friends.test' })
  const bob = await createUser(b.t, { name: 'Bob Babbage', email: 'bob@friends.test' })
  const A = await b.openAs(ada, '/friends', CLIPBOARD)
  const B = await b.openAs(bob, '/friends', CLIPBOARD)

  // Bob finds his friend ID under his link and copies it (the link itself: friends.test.ts).
  const yourLink = B.page.getByRole('region', { name: 'Your link' })
  const shownId = await yourLink.locator('code').nth(1).textContent()
  expect(shownId).toBe(bob.id)
  await yourLink.getByRole('button', { name: 'Copy friend ID' }).click()
  await yourLink.getByRole('status').filter({ hasText: 'Copied.' }).waitFor()
  expect(await B.page.evaluate(() => navigator.clipboard.readText())).toBe(bob.id)

  // Ada sends a request with it, in the ID form behind its question; a second one is refused in words.
  await A.page.getByText('Have a friend ID instead?').click()
  const byId = A.page.locator('details.by-id')
  await byId.getByRole('textbox', { name: 'Friend ID' }).fill(shownId!)
  await byId.getByRole('button', { name: 'Send request' }).click()
  await byId.getByRole('status').filter({ hasText: 'Friend request sent to Bob Babbage.' }).waitFor()
  const outgoing = A.page.getByRole('region', { name: 'Your requests' })
  await outgoing.getByRole('listitem').filter({ hasText: 'Bob Babbage' }).getByText('Waiting').waitFor()
  await byId.getByRole('textbox', { name: 'Friend ID' }).fill(bob.id)
  await byId.getByRole('button', { name: 'Send request' }).click()
  await byId.getByRole('alert').filter({ hasText: 'You have already sent a friend request to this user.' }).waitFor()

  // Bob sees it and accepts.
  await B.page.getByRole('button', { name: 'Check for new requests' }).click()
  await B.page.getByRole('button', { name: 'Accept request from Ada Lovelace' }).click()
  await B.page.getByRole('status').filter({ hasText: 'You and Ada Lovelace are now friends.' }).waitFor()
  await B.page.getByRole('region', { name: 'Your friends' }).getByRole('link', { name: 'Ada Lovelace' }).waitFor()
  await B.page.getByRole('region', { name: 'Requests to you' }).getByText('No requests are waiting for you.').waitFor()

  // Ada sees Bob among her friends and opens his profile.
  await A.page.reload()
  const friends = A.page.getByRole('region', { name: 'Your friends' })
  await friends.getByRole('link', { name: 'Bob Babbage' }).click()
  await A.page.waitForURL(`${b.origin}/friends/${bob.id}`)
  await A.page.getByRole('heading', { level: 1, name: 'Bob Babbage' }).waitFor()
  expect(await A.page.title()).toBe('Bob Babbage · daybook')
  // The user's date format (default dd.mm.YYYY) on the user's clock.
  await A.page.getByText(/^Friends since \d\d\.\d\d\.\d{4}$/).waitFor()
  await A.page.getByText('Bob Babbage shares nothing with you yet.', { exact: false }).waitFor()

  // Back on the list, removing asks in the row; "Keep" is the safe answer and gets the focus.
  await A.page.getByRole('link', { name: 'Back to friends' }).click()
  await A.page.getByRole('button', { name: 'Remove Bob Babbage from your friends' }).click()
  const question = A.page.getByRole('group', { name: 'Remove Bob Babbage from your friends' })
  await question.getByText('Remove Bob Babbage from your friends? Either of you can send a new request later.').waitFor()
  await waitForFocus(question.getByRole('button', { name: 'Keep' }))
  await question.getByRole('button', { name: 'Yes, remove' }).click()
  await A.page.getByRole('status').filter({ hasText: 'Bob Babbage is no longer your friend.' }).waitFor()
  await friends.getByText('No friends yet.', { exact: false }).waitFor()
  expect((await api('GET', '/friends', ada)).body.data).toEqual([])
  expect((await api('GET', '/friends', bob)).body.data).toEqual([])
  A.expectClean()
  B.expectClean()
})

test('requests are declined and withdrawn from the page; the lists show images and dates', async () => {
  const ada = await createUser(b.t, { name: 'Ada Lovelace', email: 'ada2@friends.test' })
  const grace = await createUser(b.t, { name: 'Grace Hopper', email: 'grace@friends.test' })
  const alan = await createUser(b.t, { name: 'Alan Turing', email: 'alan@friends.test' })
  const katherine = await createUser(b.t, { name: 'Katherine Johnson', email: 'katherine@friends.test' })
  const linus = await createUser(b.t, { name: 'Linus Torvalds', email: 'linus@friends.test' })
  await uploadImage(alan, 64)
  await befriend(alan, ada)
  await befriend(ada, katherine)
  expect((await api('POST', '/friends/requests', grace, { receiver_id: ada.id })).status).toBe(200)
  expect((await api('POST', '/friends/requests', ada, { receiver_id: linus.id })).status).toBe(200)

  const { page, expectClean } = await b.openAs(ada, '/friends')
  const friends = page.getByRole('region', { name: 'Your friends' })
  await friends.getByRole('link', { name: 'Alan Turing' }).waitFor()
  // Alan's image comes from this server; Katherine has none and shows her initials.
  const image = friends.getByRole('listitem').filter({ hasText: 'Alan Turing' }).locator('img')
  expect(await image.getAttribute('src')).toStartWith(`/storage/user/${alan.id}/profile/`)
  await image.evaluate((img: HTMLImageElement) => img.decode())
  expect(await friends.getByRole('listitem').filter({ hasText: 'Katherine Johnson' }).locator('.avatar-initials').textContent()).toBe('KJ')
  await page.getByRole('button', { name: 'Accept request from Grace Hopper' }).waitFor()
  await b.screenshot(page, 'friends')

  await page.getByRole('button', { name: 'Decline request from Grace Hopper' }).click()
  await page.getByRole('status').filter({ hasText: 'You declined the request from Grace Hopper.' }).waitFor()
  await page.getByRole('button', { name: 'Withdraw request to Linus Torvalds' }).click()
  await page.getByRole('status').filter({ hasText: 'Your request to Linus Torvalds was withdrawn.' }).waitFor()
  await page.getByRole('region', { name: 'Your requests' }).getByText('You have no open requests.').waitFor()

  const requests = (await api('GET', '/friends/requests', ada)).body.data
  expect(requests.map((r: any) => [r.user.name, r.status]).sort()).toEqual([
    ['Alan Turing', 'accepted'], ['Grace Hopper', 'rejected'], ['Katherine Johnson', 'accepted'],
  ])
  // Grace is told her request was declined on her own page.
  const G = await b.openAs(grace, '/friends')
  await G.page.getByRole('region', { name: 'Your requests' }).getByRole('listitem').filter({ hasText: 'Ada Lovelace' }).getByText('Declined').waitFor()
  expectClean()
  G.expectClean()
})

test('an export is chosen, followed live until it is ready, downloaded as a ZIP, and the next waits 24 hours', async () => {
  const eve = await createUser(b.t, { name: 'Eve Example', email: 'eve@export.test', timezone: 'Europe/Berlin' })
  const friend = await createUser(b.t, { name: 'Frank Friend', email: 'frank@export.test' })
  await befriend(friend, eve)
  expect((await api('PUT', '/users/me/settings/date-format', eve, { date_format: 'YYYY-mm-dd' })).status).toBe(200)
  expect((await api('PUT', '/users/me/settings/time-format', eve, { time_format: 'g:i A' })).status).toBe(200)
  expect((await api('POST', '/check-in', eve, { date: '2026-06-20', mood: 4, water: 3 })).status).toBe(201)

  const { page, expectClean } = await b.openAs(eve, '/export')
  await page.getByText('You have not exported anything yet.').waitFor()
  await page.getByRole('button', { name: 'Select none' }).click()
  // Nothing chosen is said before anything is sent.
  await page.getByRole('button', { name: 'Start export' }).click()
  await page.getByText('Choose at least one thing to export.').waitFor()
  for (const name of ['Check-ins', 'Friends', 'Profile and settings']) await page.getByRole('checkbox', { name }).check()

  // The test app runs no job loop: the job waits until the worker the server uses is started below.
  let worker: ReturnType<typeof startExportWorker> | undefined
  try {
    await page.getByRole('button', { name: 'Start export' }).click()
    const state = page.getByRole('status').filter({ hasText: /Waiting to start|Being created|Ready to download/ })
    await state.filter({ hasText: 'Waiting to start' }).waitFor()
    await page.getByText('This updates by itself while the export runs.').waitFor()
    worker = startExportWorker(b.t.deps)
    b.t.deps.exportWorker = worker
    // No reload: the page polls the status until the job is done.
    await state.filter({ hasText: 'Ready to download' }).waitFor({ timeout: 15_000 })
  } finally {
    await worker?.stop()
    b.t.deps.exportWorker = undefined
  }
  await page.getByText('Contains: Check-ins, Friends, Profile and settings').waitFor()

  const job = (await api('GET', '/export/status', eve)).body.data
  expect(job).toMatchObject({ status: 'completed', features: ['checkIn', 'friends', 'profile'] })
  const prefs = { timezone: 'Europe/Berlin', dateFormat: 'YYYY-mm-dd', timeFormat: 'g:i A', lang: 'en' as const }
  await page.getByText(`Available until ${formatDateTime(job.expires_at, prefs)}.`).waitFor()

  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download ZIP' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe(`export_${job.id}.zip`)
  const bytes = new Uint8Array(await Bun.file((await download.path())!).arrayBuffer())
  expect(strFromU8(bytes.subarray(0, 2))).toBe('PK')
  const files = unzipSync(bytes)
  const prefix = `export_${job.id}/`
  expect(Object.keys(files).sort()).toEqual(['activities.csv', 'check_ins.csv', 'data.json', 'friends.csv', 'manifest.json', 'profile.json', 'sports.csv', 'trackers.csv'].map((f) => prefix + f))
  expect(strFromU8(files[`${prefix}check_ins.csv`]!)).toContain('2026-06-20,4,3')
  expect(strFromU8(files[`${prefix}friends.csv`]!)).toContain('Frank Friend')

  // One export per 24 hours, said on the user's clock and in the user's formats.
  const next = formatDateTime(new Date(Date.parse(job.created_at) + 24 * 3600_000).toISOString(), prefs)
  expect(next).toMatch(/^\d{4}-\d\d-\d\d \d{1,2}:\d\d (AM|PM)$/)
  await page.getByText(`Next export possible at ${next}.`).waitFor()
  expect(await page.getByRole('button', { name: 'Start export' }).isDisabled()).toBe(true)
  await b.screenshot(page, 'export')
  expectClean()
})

test('the friends and export pages fit a phone screen', async () => {
  const ada = await createUser(b.t, { name: 'Ada Lovelace', email: 'ada3@friends.test' })
  const alan = await createUser(b.t, { name: 'Alan Mathison Turing the Second of a Very Long Name', email: 'alan3@friends.test' })
  await befriend(alan, ada)
  expect((await api('POST', '/friends/requests', ada, { receiver_id: (await createUser(b.t, { name: 'Grace Hopper' })).id })).status).toBe(200)

  const { page, expectClean } = await b.openAs(ada, '/friends', { phone: true })
  await page.getByRole('region', { name: 'Your friends' }).getByRole('link', { name: /Alan Mathison/ }).waitFor()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await b.screenshot(page, 'friends-phone')

  await page.getByRole('button', { name: 'Menu' }).click()
  await page.getByRole('link', { name: 'Export' }).click()
  await page.getByRole('heading', { level: 1, name: 'Export' }).waitFor()
  await page.getByRole('button', { name: 'Start export' }).waitFor()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  expectClean()
})
