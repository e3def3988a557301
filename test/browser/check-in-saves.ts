/** The check-in page's saves as the browser sends them, and the day as the API then reads it: shared by its tests. */
import type { Page, Request } from 'playwright-core'
import type { TestUser } from '../helpers/fixtures'
import type { BrowserApp } from './harness'

export const CHECK_IN = '/api/v1/check-in'

export const isSave = (request: Request) => request.method() === 'POST' && new URL(request.url()).pathname === CHECK_IN

/** The body of every save the page sends, in order. */
export function recordSaves(page: Page): Record<string, unknown>[] {
  const bodies: Record<string, unknown>[] = []
  page.on('request', (request) => { if (isSave(request)) bodies.push(request.postDataJSON()) })
  return bodies
}

/** The stored entry of `date`, or undefined. */
export const entryOf = async (b: BrowserApp, user: TestUser, date: string) =>
  (await b.api('GET', `/check-in?from=${date}&to=${date}`, user)).body.data[0]

/** Does `action` and waits for the answer to the save it sends, then for the page to say it is saved (`saved`, in its language). */
export async function tapAndSave(page: Page, action: () => Promise<void>, saved = /^Check-in for .* saved\.$/) {
  const answered = page.waitForResponse((response) => isSave(response.request()))
  await action()
  await answered
  await page.getByRole('status').filter({ hasText: saved }).waitFor()
}
