/**
 * The e-mail reminder's check-in link in a real browser (docs/api/notifications.md §7.3): a scanner's fetch of the
 * link changes nothing; opened without a sign-in it asks that day's questions and saves only on Save, into the check-in
 * the app shows; a link that is not valid says so; without a pass the address is the ordinary, signed-in check-in.
 * On a phone too, with axe finding nothing to fault.
 */
import { describe, expect, test } from 'bun:test'
import { createUser } from '../helpers/fixtures'
import { runAlertTick } from '../notifications/alert-tick'
import { expectAccessible, useBrowserApp } from './harness'

describe('the check-in link of the e-mail reminder', () => {
  const b = useBrowserApp()

  /** A person whose reminder is due now (the server's clock is the real one here); returns the link of their mail. */
  async function mailedLink(email: string) {
    const user = await createUser(b.t, { timezone: 'UTC', email })
    expect((await b.api('POST', '/notifications/channels', user, { type: 'email', your_day: false })).status).toBe(200)
    const now = new Date().toISOString().slice(11, 16)
    expect((await b.api('PUT', '/notifications/settings', user, { check_in_time: now })).status).toBe(200)
    await runAlertTick(b.t.deps)
    return { user, link: await b.mailLink(`pass=`) }
  }

  test('a prefetch writes nothing; the page saves the chosen answers on Save, without a sign-in', async () => {
    const { user, link } = await mailedLink('link@reminder.test')
    const date = new URL(link).pathname.split('/').at(-1)!
    // a mail scanner fetching the link (the page and what it loads) changes nothing
    expect((await fetch(link)).status).toBe(200)
    expect((await b.api('GET', '/check-in', user)).body.data).toEqual([])

    const { page, expectClean } = await b.open(new URL(link).pathname + new URL(link).search, { phone: true })
    await page.getByText('This link opens only this day\'s check-in, until the day ends.', { exact: false }).waitFor()
    expect((await b.api('GET', '/check-in', user)).body.data).toEqual([])
    await expectAccessible(page)
    const mood = page.getByRole('group', { name: 'Mood' })
    await mood.getByRole('radio', { name: '4' }).check()
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByText('Saved. See you tomorrow!').waitFor()
    const [entry] = (await b.api('GET', '/check-in', user)).body.data
    expect(entry).toMatchObject({ date, mood: 4 })
    // opened again, the page shows the day's answer
    await page.reload()
    await expect(page.getByRole('group', { name: 'Mood' }).getByRole('radio', { name: '4' }).isChecked()).resolves.toBe(true)
    expectClean()
  })

  test('a link that is not valid says so and offers the sign-in; without a pass it is the ordinary check-in', async () => {
    const { link } = await mailedLink('broken@reminder.test')
    const url = new URL(link)
    const broken = `${url.pathname}?pass=${url.searchParams.get('pass')!.slice(0, -1)}x`
    const { page, expectClean } = await b.open(broken)
    await page.getByText('This link is not valid. Check that the whole link was copied from the message.').waitFor()
    await page.getByRole('link', { name: 'Sign in to check in' }).waitFor()
    await page.goto(`${b.origin}${url.pathname}`)
    await page.waitForURL((to) => to.pathname === '/signin')
    expectClean()
  })
})
