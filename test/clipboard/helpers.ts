import type { TestApp, TestResponse } from '../helpers/app'
import type { TestUser } from '../helpers/fixtures'
import { imageForm, png, type Bytes } from './images'

export async function addText(t: TestApp, user: TestUser, content: string): Promise<any> {
  const r = await t.request('POST', '/api/v1/clipboard', { token: user.token, body: { content } })
  if (r.status !== 200) throw new Error(`text entry not created: ${r.status} ${JSON.stringify(r.body)}`)
  return r.body.data
}

export function upload(t: TestApp, user: TestUser, bytes: Bytes, name?: string, type?: string): Promise<TestResponse> {
  return t.request('POST', '/api/v1/clipboard/image', { token: user.token, body: imageForm(bytes, name, type) })
}

export async function addImage(t: TestApp, user: TestUser, bytes: Bytes = png()): Promise<any> {
  const r = await upload(t, user, bytes)
  if (r.status !== 200) throw new Error(`image entry not created: ${r.status} ${JSON.stringify(r.body)}`)
  return r.body.data
}

export { expectInvalid, expectUnauthenticated, expectNotFound } from '../helpers/expect'
