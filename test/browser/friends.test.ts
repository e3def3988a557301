/**
 * Finding friends in a real browser against the real server (docs/api/friends.md §2.3): a person copies their link,
 * another opens it and sends a request, the first accepts; a request by e-mail address, whose answer is the same
 * whoever the address is; the link page's states (yourself, friends, waiting, asked, unknown) and its way through
 * sign-in; a friend's page that says plainly nothing is shared; a 360 px phone, dark mode and German.
 */
import { expect, test } from 'bun:test'
import type { BrowserContextOptions, Page } from 'playwright-core'
import { createUser, PASSWORD, type TestUser } from '../helpers/fixtures'
import { expectAccessible, signInThroughPage, skipWelcome, useBrowserApp } from './harness'

const b = useBrowserApp()
const CLIPBOARD: BrowserContextOptions = { permissions: ['clipboard-read', 'clipboard-write'] }
const api = b.api
const DAY = /^Friends since \d\d\.\d\d\.\d{4}$/

async function person(name: string, email: string, language?: 'de'): Promise<TestUser> {
  const user = await createUser(b.t, { name, email })
  await b.onboard(user)
  if (language) expect((await api('PUT', '/users/me/settings/language', user, { language })).status).toBe(200)
  return user
}

const fitsPhone = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth)

test('Ada copies her link, Bob opens it and asks, Ada accepts; his page of her says she shares nothing yet', async () => {
  const ada = await person('Ada Lovelace', 'ada@link.test')
  const bob = await person('Bob Babbage', 'bob@link.test')
  const A = await b.openAs(ada, '/friends', CLIPBOARD)
  const B = await b.openWithToken(bob, '/friends', CLIPBOARD)

  // Ada's link is on her page; copying it puts exactly that on the clipboard.
  const yourLink = A.page.getByRole('region', { name: 'Your link' })
  const link = `${b.origin}/friends/add/${ada.id}`
  await yourLink.getByText(link).waitFor()
  await yourLink.getByRole('button', { name: 'Copy your link' }).click()
  await yourLink.getByRole('status').filter({ hasText: 'Copied.' }).waitFor()
  expect(await A.page.evaluate(() => navigator.clipboard.readText())).toBe(link)

  // Bob opens it: her name and initials, where they stand, and one button.
  await B.page.goto(link)
  await B.page.getByRole('heading', { level: 1, name: 'Ada Lovelace' }).waitFor()
  expect(await B.page.locator('.profile-card .avatar-initials').textContent()).toBe('AL')
  await B.page.getByText('You are not friends yet.').waitFor()
  await expectAccessible(B.page)
  await B.page.getByRole('button', { name: 'Send friend request' }).click()
  await B.page.getByRole('status').filter({ hasText: 'Friend request sent to Ada Lovelace.' }).waitFor()
  await B.page.getByText('Your friend request is waiting for Ada Lovelace to answer.').waitFor()
  expect(await B.page.getByRole('button', { name: 'Send friend request' }).count()).toBe(0)

  // Ada finds it and accepts.
  await A.page.getByRole('button', { name: 'Check for new requests' }).click()
  await A.page.getByRole('button', { name: 'Accept request from Bob Babbage' }).click()
  await A.page.getByRole('status').filter({ hasText: 'You and Bob Babbage are now friends.' }).waitFor()

  // Bob's link page of Ada now says they are friends, and what she shares: nothing yet, in words.
  await B.page.reload()
  await B.page.getByText(DAY).waitFor()
  const shared = B.page.getByRole('region', { name: 'Shared with you' })
  await shared.getByText('Ada Lovelace shares nothing with you yet. What they choose to share will appear here.').waitFor()
  // Her profile from Bob's list of friends is the same page.
  await B.page.getByRole('link', { name: 'Back to friends' }).click()
  await B.page.getByRole('region', { name: 'Your friends' }).getByRole('link', { name: 'Ada Lovelace' }).click()
  await B.page.waitForURL(`${b.origin}/friends/${ada.id}`)
  await B.page.getByRole('region', { name: 'Shared with you' }).getByText('Ada Lovelace shares nothing with you yet.', { exact: false }).waitFor()
  await B.page.getByText(DAY).waitFor()
  await expectAccessible(B.page)
  await b.screenshot(B.page, 'friend-profile')
  A.expectClean()
  B.expectClean()
})

test('by e-mail address: the same words for anyone’s address or nobody’s, the other person sees the request; the ID form is still there', async () => {
  const bob = await person('Bob Babbage', 'bob@mail.test')
  const cleo = await person('Cleo Wright', 'cleo@mail.test')
  const dan = await person('Dan Ito', 'dan@mail.test')
  const { page, expectClean } = await b.openWithToken(bob, '/friends')
  const add = page.getByRole('region', { name: 'Add a friend' })
  const email = add.getByRole('textbox', { name: 'E-mail address' })
  const send = add.getByRole('button', { name: 'Send request' }).first()

  // Nothing typed, and half an address, are said in the page's own words at the field.
  await send.click()
  await add.getByText('Enter the e-mail address of the person you want to add.').waitFor()
  expect(await email.getAttribute('aria-invalid')).toBe('true')
  await email.fill('cleo at home')
  await send.click()
  await add.getByText('Enter a whole e-mail address, such as name@example.com.').waitFor()

  await email.fill('  CLEO@mail.test ')
  await send.click()
  await add.getByRole('status').filter({ hasText: 'If CLEO@mail.test belongs to someone here, they have a request from you.' }).waitFor()
  expect(await email.inputValue()).toBe('')
  // An address that is nobody's gets the same words; neither request shows on Bob's side until it is accepted.
  await email.fill('nobody@mail.test')
  await send.click()
  await add.getByRole('status').filter({ hasText: 'If nobody@mail.test belongs to someone here, they have a request from you.' }).waitFor()
  const sent = await page.evaluate(async (token) => (await fetch('/api/v1/friends/requests', { headers: { authorization: `Bearer ${token}` } })).json(), bob.token)
  expect(sent.data).toEqual([])

  // Cleo sees it on her page.
  const C = await b.openWithToken(cleo, '/friends')
  await C.page.getByRole('button', { name: 'Accept request from Bob Babbage' }).waitFor()

  // A friend ID still works, behind its own question.
  await add.getByText('Have a friend ID instead?').click()
  await add.getByRole('textbox', { name: 'Friend ID' }).fill(dan.id)
  await add.getByRole('button', { name: 'Send request' }).nth(1).click()
  await add.getByRole('status').filter({ hasText: 'Friend request sent to Dan Ito.' }).waitFor()
  await add.getByRole('textbox', { name: 'Friend ID' }).fill('0197a1b2-9a00-7c44-8d55-2e3f4a5b6c7d')
  await add.getByRole('button', { name: 'Send request' }).nth(1).click()
  await add.getByText('No one here has this friend ID. Check it with the person who gave it to you.').waitFor()
  expect((await api('GET', '/friends/requests', dan)).body.data.map((r: { sender_id: string }) => r.sender_id)).toEqual([bob.id])
  await expectAccessible(page)
  expectClean()
  C.expectClean()
})

test('the link page: one’s own, a request waiting either way, an unknown or malformed id, and through sign-in', async () => {
  const ada = await person('Ada Lovelace', 'ada@states.test')
  const bob = await person('Bob Babbage', 'bob@states.test')
  const eve = await person('Eve Moneypenny', 'eve@states.test')
  expect((await api('POST', '/friends/requests', eve, { receiver_id: ada.id })).status).toBe(200)

  const { page, expectClean } = await b.openWithToken(ada, `/friends/add/${ada.id}`)
  await page.getByText('This is your own link. Send it to people you want as friends.').waitFor()
  expect(await page.getByRole('button', { name: 'Send friend request' }).count()).toBe(0)

  // Eve has asked Ada: her link offers Ada the answer.
  await page.goto(`${b.origin}/friends/add/${eve.id}`)
  await page.getByText('Eve Moneypenny has sent you a friend request.').waitFor()
  await page.getByRole('button', { name: 'Accept request from Eve Moneypenny' }).click()
  await page.getByRole('status').filter({ hasText: 'You and Eve Moneypenny are now friends.' }).waitFor()
  await page.getByText(DAY).waitFor()

  for (const id of ['0197a1b2-9a00-7c44-8d55-2e3f4a5b6c7d', 'not-an-id']) {
    await page.goto(`${b.origin}/friends/add/${id}`)
    await page.getByRole('heading', { level: 1, name: 'No one found' }).waitFor()
    await page.getByText('This link or friend ID does not belong to anyone on this server.', { exact: false }).waitFor()
  }
  await expectAccessible(page)

  // Signed out, Bob's way to Ada's link goes through sign-in and back to it.
  const B = await b.open(`/friends/add/${ada.id}`)
  await B.page.waitForURL((url) => url.pathname === '/signin')
  await signInThroughPage(B.page, bob.email, bob.password)
  await B.page.waitForURL(`${b.origin}/friends/add/${ada.id}`)
  await B.page.getByRole('button', { name: 'Send friend request' }).click()
  await B.page.getByText('Your friend request is waiting for Ada Lovelace to answer.').waitFor()
  expectClean()
  B.expectClean()
})

test('someone without an account opens a link, registers from the sign-in page, and ends on the link after the welcome', async () => {
  const ada = await person('Ada Lovelace', 'ada@signup.test')
  const { page, expectClean } = await b.open(`/friends/add/${ada.id}`)
  await page.waitForURL((url) => url.pathname === '/signin')
  await page.getByRole('link', { name: 'Create an account' }).click()
  await page.waitForURL((url) => url.pathname === '/register' && url.searchParams.get('next') === `/friends/add/${ada.id}`)
  await page.getByLabel('Name').fill('Nia Newcomer')
  await page.getByLabel('E-mail address').fill('nia@signup.test')
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByLabel('Repeat the password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Create account' }).click()
  // A new account is led to the welcome first; skipping it goes on to where the person was going.
  await page.waitForURL((url) => url.pathname === '/welcome')
  await skipWelcome(page)
  await page.waitForURL(`${b.origin}/friends/add/${ada.id}`)
  await page.getByRole('button', { name: 'Send friend request' }).click()
  await page.getByText('Your friend request is waiting for Ada Lovelace to answer.').waitFor()
  expectClean()
})

test('on a 360 px phone in dark mode and German: the friends page, a link page and a friend’s page fit and speak German', async () => {
  const anna = await person('Anna Schmidt-Bergmann von Hohenzollern', 'anna@de.test', 'de')
  const jan = await person('Jan Müller', 'jan@de.test', 'de')
  const { page, expectClean } = await b.openWithToken(jan, '/friends', { phone: true, colorScheme: 'dark', locale: 'de-DE' })
  const link = page.getByRole('region', { name: 'Dein Link' })
  await link.getByText(`${b.origin}/friends/add/${jan.id}`).waitFor()
  expect(await fitsPhone(page)).toBeLessThanOrEqual(360)

  const add = page.getByRole('region', { name: 'Freund hinzufügen' })
  await add.getByRole('button', { name: 'Anfrage senden' }).first().click()
  await add.getByText('Gib die E-Mail-Adresse der Person ein, die du hinzufügen willst.').waitFor()
  await add.getByRole('textbox', { name: 'E-Mail-Adresse' }).fill('anna@de.test')
  await add.getByRole('button', { name: 'Anfrage senden' }).first().click()
  await add.getByRole('status').filter({ hasText: 'Falls anna@de.test zu jemandem hier gehört, hat diese Person jetzt eine Anfrage von dir.' }).waitFor()
  await expectAccessible(page)
  await b.screenshot(page, 'friends-phone-de')

  // Anna opens Jan's link on her phone: the request is waiting for her answer.
  const A = await b.openWithToken(anna, `/friends/add/${jan.id}`, { phone: true, colorScheme: 'dark', locale: 'de-DE' })
  await A.page.getByText('Jan Müller hat dir eine Freundschaftsanfrage geschickt.').waitFor()
  expect(await fitsPhone(A.page)).toBeLessThanOrEqual(360)
  await A.page.getByRole('button', { name: 'Anfrage von Jan Müller annehmen' }).click()
  await A.page.getByRole('status').filter({ hasText: 'Du und Jan Müller seid jetzt befreundet.' }).waitFor()
  await A.page.getByRole('region', { name: 'Mit dir geteilt' }).getByText('Jan Müller teilt noch nichts mit dir.', { exact: false }).waitFor()
  await A.page.getByText(/^Befreundet seit \d\d\.\d\d\.\d{4}$/).waitFor()
  expect(await fitsPhone(A.page)).toBeLessThanOrEqual(360)
  await expectAccessible(A.page)

  // Jan's page of Anna, whose long name must wrap.
  await page.goto(`${b.origin}/friends/${anna.id}`)
  await page.getByRole('heading', { level: 1, name: 'Anna Schmidt-Bergmann von Hohenzollern' }).waitFor()
  await page.getByText('Anna Schmidt-Bergmann von Hohenzollern teilt noch nichts mit dir.', { exact: false }).waitFor()
  expect(await fitsPhone(page)).toBeLessThanOrEqual(360)
  expectClean()
  A.expectClean()
})
