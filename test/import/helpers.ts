import { expect } from 'bun:test'
import { strToU8, zipSync, unzipSync } from 'fflate'
import type { TestApp, TestResponse } from '../helpers/app'
import type { TestUser } from '../helpers/fixtures'
import { PNG, downloadBytes, insertLibraryItem, runJob, startExport } from '../export/helpers'
import { eq } from 'drizzle-orm'
import { runNextImportJob } from '../../src/features/import/run-job'
import { importJobs } from '../../src/features/import/schema'
import { uploadPath } from '../../src/features/import/paths'
import { readImportArchive, type ImportSink } from '../../src/features/import/archive'
import { ImportWriter } from '../../src/features/import/apply'
import { timeSlicer } from '../../src/lib/time-slice'

export { PNG }

export function postImport(t: TestApp, user: TestUser | undefined, file: Uint8Array | string | undefined, mode?: string, settings?: string): Promise<TestResponse> {
  const form = new FormData()
  if (typeof file === 'string') form.append('file', file)
  else if (file !== undefined) form.append('file', new Blob([file as Uint8Array<ArrayBuffer>], { type: 'application/zip' }), 'export.zip')
  if (mode !== undefined) form.append('mode', mode)
  if (settings !== undefined) form.append('settings', settings)
  return t.request('POST', '/api/v1/import', { token: user?.token, body: form })
}

export async function importStatus(t: TestApp, user: TestUser): Promise<any> {
  const r = await t.request('GET', '/api/v1/import/status', { token: user.token })
  expect(r.status).toBe(200)
  return r.body.data
}

/** Posts an archive, runs the job and returns the finished job. */
export async function importArchive(t: TestApp, user: TestUser, bytes: Uint8Array, mode?: string, settings?: string): Promise<any> {
  const r = await postImport(t, user, bytes, mode, settings)
  expect(r.status).toBe(201)
  const outcome = await runNextImportJob(t.deps)
  expect(outcome?.status).toBe('completed')
  return importStatus(t, user)
}

/** Exports everything of `user` through the real export job and returns the archive bytes. */
export async function exportAll(t: TestApp, user: TestUser): Promise<Uint8Array> {
  const id = await startExport(t, user)
  await runJob(t)
  return downloadBytes(t, user, id)
}

/** data.json of an archive, with ids, the user and timestamps (and what names them) taken out. */
export function comparableData(bytes: Uint8Array): Record<string, unknown> {
  const files = unzipSync(bytes)
  const name = Object.keys(files).find((n) => n.endsWith('/data.json'))!
  const doc = JSON.parse(new TextDecoder().decode(files[name]))
  const strip = (v: any): any => {
    if (Array.isArray(v)) return v.map(strip)
    if (v && typeof v === 'object') {
      const out: Record<string, unknown> = {}
      for (const [k, x] of Object.entries(v)) {
        if (['id', 'user_id', 'created_at', 'updated_at', 'file_path', 'image_url', 'export_file', 'profile_image_path', 'profile_image_url',
          'email', 'name', 'role', 'confirmed'].includes(k)) {
          out[k] = x === null ? null : '<x>'
          continue
        }
        out[k] = strip(x)
      }
      return out
    }
    return v
  }
  return strip(doc.data)
}

/** Fills an account with every kind of data. */
export async function fillAccount(t: TestApp, user: TestUser): Promise<void> {
  const auth = { token: user.token }
  for (const [i, date] of ['2026-06-01', '2026-06-02', '2026-06-03'].entries()) {
    const r = await t.request('POST', '/api/v1/check-in', { ...auth, body: { date, mood: 1 + i, sports: 6, water: null, social_life: 5 } })
    expect(r.status).toBeLessThan(300)
    t.clock.advance(1000)
  }
  for (const content of ['hello', '  spaced, "quoted"\r\nline  ']) {
    expect((await t.request('POST', '/api/v1/clipboard', { ...auth, body: { content } })).status).toBe(200)
    t.clock.advance(1000)
  }
  const form = new FormData()
  form.append('image', new Blob([PNG]), 'a.png')
  expect((await t.request('POST', '/api/v1/clipboard/image', { ...auth, body: form })).status).toBe(200)
  const profile = new FormData()
  profile.append('image', new Blob([PNG]), 'me.png')
  expect((await t.request('POST', '/api/v1/users/me/profile-image', { ...auth, body: profile })).status).toBe(200)
  for (const [path, body] of [
    ['language', { language: 'de' }], ['timezone', { timezone: 'Europe/Berlin' }], ['date-format', { date_format: 'YYYY-mm-dd' }],
    ['time-format', { time_format: 'g:i a' }], ['weather-city', { city: 'Berlin', lat: 52.52, lon: 13.4 }],
    ['weather-temperature-unit', { temperature_unit: 'f' }], ['navigation', { navigation: { order: ['a', 'b'] } }],
    ['check-in', { enabled_trackers: ['mood', 'alcohol'], selected_sports: ['yoga', 'bike', 'mountain', 'footprints', 'waves_ladder'] }],
  ] as const) {
    expect((await t.request('PUT', `/api/v1/users/me/settings/${path}`, { ...auth, body })).status).toBe(200)
  }
  const items: [string, Record<string, unknown>][] = [
    ['todos', { title: 'Buy milk', description: 'two', priority: 'high', due_at: '2026-07-01', repeat: 'weekly', category: 'home', tags: ['shop', 'food'], link: 'https://shop.example/', is_completed: true, completed_at: 1782296130000 }],
    ['notes', { title: 'Idea', content: '# Idea\n\nwith a trailing newline\n' }],
    ['links', { url: 'https://example.com/a', title: 'Example', description: 'desc', cover_url: null, is_favorite: true, tags: ['read'] }],
    ['music', { title: 'Song', artist: 'Band', publication_year: 1999, wishlist: true, link: null, cover_url: null, description: null }],
    ['books', { title: 'Book', author: 'Writer', pages: 321, publication_year: 2001, wishlist: false }],
    ['movies', { title: 'Film', category: 'series', publication_year: 2010 }],
    ['games', { title: 'Game', platform: 'pc', developer: 'Dev', publisher: 'Pub' }],
    ['recipes', { title: 'Soup', type: 'dinner', time_to_make: 30, ingredients: 'water\nsalt' }],
    ['quotes', { quote: 'To be', author: 'W.', source: 'Play' }],
    ['plants', { name: 'Fern', latin_name: 'Polypodiopsida', location: 'indoor', sunlight: 'shade', instructions: 'water weekly' }],
    ['feeds', { title: 'Blog', url: 'https://example.com/feed.xml', site_url: 'https://example.com/' }],
  ]
  for (const [library, data] of items) {
    insertLibraryItem(t, user, library, data)
    t.clock.advance(1000)
  }
  // two items in one millisecond keep their order
  insertLibraryItem(t, user, 'quotes', { quote: 'first', author: null, source: null }, t.clock.now())
  insertLibraryItem(t, user, 'quotes', { quote: 'second', author: null, source: null }, t.clock.now())
}

/** Rebuilds an archive with some entries changed (undefined deletes one). */
export function rezip(bytes: Uint8Array, change: (files: Record<string, Uint8Array>, top: string) => void): Uint8Array {
  const files = unzipSync(bytes)
  const top = Object.keys(files)[0]!.split('/')[0] + '/'
  change(files, top)
  return zipSync(files)
}

export const text = (s: string) => strToU8(s)

/**
 * What a crash leaves of a running job: the job's own writer, driven by the job's own reader over its stored
 * upload, up to the archive's first library item, where the process "dies" — no undo, no completion. By then the
 * check-ins and clipboard texts before the image are written (an image's lookup writes the batch before it) and
 * the image's file is on disk.
 */
export async function crashDuringJob(t: TestApp, jobId: number): Promise<void> {
  const job = t.deps.db.select().from(importJobs).where(eq(importJobs.id, jobId)).get()!
  t.deps.db.update(importJobs).set({ status: 'in-progress', startedAt: t.clock.now() }).where(eq(importJobs.id, jobId)).run()
  const pause = timeSlicer()
  const writer = new ImportWriter(t.deps, job, pause)
  const crash = new Error('the process died')
  const dying: ImportSink = {
    tracker: (record) => writer.tracker(record),
    activity: (record) => writer.activity(record),
    sport: (record) => writer.sport(record),
    checkIn: (record) => writer.checkIn(record),
    clipboard: (record) => writer.clipboard(record),
    item: () => { throw crash },
    profile: () => { throw crash },
  }
  const bytes = new Uint8Array(await Bun.file(uploadPath(t.deps.config.dataDir, jobId)).arrayBuffer())
  await expect(readImportArchive(bytes, dying, pause)).rejects.toBe(crash)
}
