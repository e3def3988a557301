/** Imports from other apps through the API (docs/api/import.md §6): posting a file with its format, running the job. */
import { expect } from 'bun:test'
import type { TestApp, TestResponse } from '../helpers/app'
import type { TestUser } from '../helpers/fixtures'
import { runNextImportJob } from '../../src/features/import/run-job'

export const BOM = '\uFEFF'

export function postForeign(t: TestApp, user: TestUser, file: Uint8Array | string, format: string, options: { mapping?: unknown; dryRun?: boolean } = {}): Promise<TestResponse> {
  const form = new FormData()
  const bytes = typeof file === 'string' ? new TextEncoder().encode(file) : file
  form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), 'upload')
  form.append('format', format)
  if (options.mapping !== undefined) form.append('mapping', typeof options.mapping === 'string' ? options.mapping : JSON.stringify(options.mapping))
  if (options.dryRun) form.append('dry_run', 'true')
  return t.request('POST', '/api/v1/import', { token: user.token, body: form })
}

/** The dry run's findings (200). */
export async function dryRun(t: TestApp, user: TestUser, file: Uint8Array | string, format: string, mapping?: unknown): Promise<any> {
  const r = await postForeign(t, user, file, format, { mapping, dryRun: true })
  expect(r.status).toBe(200)
  return r.body.data
}

/** Posts the file, runs its job and returns the completed job. */
export async function importForeign(t: TestApp, user: TestUser, file: Uint8Array | string, format: string, mapping?: unknown): Promise<any> {
  const r = await postForeign(t, user, file, format, { mapping })
  expect(r.status).toBe(201)
  const outcome = await runNextImportJob(t.deps)
  expect(outcome?.status).toBe('completed')
  const status = await t.request('GET', '/api/v1/import/status', { token: user.token })
  return status.body.data
}

export async function get(t: TestApp, user: TestUser, path: string): Promise<any> {
  const r = await t.request('GET', path, { token: user.token })
  expect(r.status).toBe(200)
  return r.body.data
}

/** The user's days by date, with their own values and activities by name. */
export async function daysByDate(t: TestApp, user: TestUser): Promise<Record<string, any>> {
  const trackers = new Map<number, string>((await get(t, user, '/api/v1/trackers')).map((x: any) => [x.id, x.name]))
  const activities = new Map<number, string>((await get(t, user, '/api/v1/activities')).map((x: any) => [x.id, x.name]))
  const out: Record<string, any> = {}
  for (const day of await get(t, user, '/api/v1/check-in')) {
    out[day.date] = {
      mood: day.mood,
      note: day.note,
      activities: day.activities.map((id: number) => activities.get(id)).sort(),
      values: Object.fromEntries(Object.entries(day.values).map(([id, v]) => [trackers.get(Number(id)), v])),
    }
  }
  return out
}
