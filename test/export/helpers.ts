import { expect } from 'bun:test'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { unzipSync, strFromU8 } from 'fflate'
import { eq } from 'drizzle-orm'
import type { TestApp, TestResponse } from '../helpers/app'
import type { TestUser } from '../helpers/fixtures'
import { uuidv7 } from '../../src/lib/crypto'
import { libraryItems } from '../../src/features/libraries/schema'
import { exportJobs } from '../../src/features/export/schema'
import { runNextExportJob, type RunOptions } from '../../src/features/export/run-job'

/** A 1×1 PNG. */
export const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='), (c) => c.charCodeAt(0))

export function requestExport(t: TestApp, user: TestUser, body?: unknown): Promise<TestResponse> {
  return t.request('POST', '/api/v1/export', { token: user.token, body })
}

/** Requests an export and expects it to be accepted; returns the job id. */
export async function startExport(t: TestApp, user: TestUser, features?: string[]): Promise<number> {
  const r = await requestExport(t, user, features ? { features } : undefined)
  expect(r.status).toBe(201)
  return r.body.data.id
}

/** One pass of the job loop, as the worker would run it. */
export async function runJob(t: TestApp, options?: RunOptions) {
  const outcome = await runNextExportJob(t.deps, options)
  expect(outcome).toBeDefined()
  return outcome!
}

/**
 * Runs export job `id` and, once it has opened its snapshot and its part file, does `write` (the person writing
 * while the archive is made; the archive must show none of it). Fails unless `write` ran.
 */
export async function runJobWriting(t: TestApp, id: number, write: (at: number) => void): Promise<void> {
  const part = join(t.dataDir, 'exports', 'tmp', `export_${id}.zip.part`)
  const now = t.clock.now
  let wrote = false
  t.clock.now = () => {
    if (!wrote && existsSync(part)) {
      wrote = true
      write(now())
    }
    return now()
  }
  try {
    expect(await runJob(t)).toEqual({ id, status: 'completed' })
  } finally {
    t.clock.now = now
  }
  expect(wrote).toBe(true)
}

export async function exportStatus(t: TestApp, user: TestUser): Promise<any> {
  const r = await t.request('GET', '/api/v1/export/status', { token: user.token })
  expect(r.status).toBe(200)
  return r.body.data
}

export function download(t: TestApp, user: TestUser, id: number | string): Promise<TestResponse> {
  return t.request('GET', `/api/v1/export/${id}/download`, { token: user.token })
}

export async function downloadBytes(t: TestApp, user: TestUser, id: number): Promise<Uint8Array> {
  const r = await download(t, user, id)
  expect(r.status).toBe(200)
  return new Uint8Array(await r.raw.arrayBuffer())
}

export interface Archive {
  bytes: Uint8Array
  files: Record<string, Uint8Array>
  names: string[]
  text(name: string): string
  json(name: string): any
}

/** Downloads and unzips a completed export; names are relative to `export_{id}/`. */
export async function fetchArchive(t: TestApp, user: TestUser, id: number): Promise<Archive> {
  const bytes = await downloadBytes(t, user, id)
  const all = unzipSync(bytes)
  const prefix = `export_${id}/`
  const files: Record<string, Uint8Array> = {}
  for (const [name, data] of Object.entries(all)) {
    expect(name.startsWith(prefix)).toBe(true)
    files[name.slice(prefix.length)] = data
  }
  const text = (name: string) => {
    expect(files[name]).toBeDefined()
    return strFromU8(files[name]!)
  }
  return { bytes, files, names: Object.keys(files), text, json: (name) => JSON.parse(text(name)) }
}

export interface CentralEntry { name: string; method: number; flags: number }

/** The entries of the central directory as written (method and general purpose flags). */
export function centralDirectory(bytes: Uint8Array): CentralEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let eocd = bytes.length - 22
  while (eocd >= 0 && view.getUint32(eocd, true) !== 0x06054b50) eocd--
  let count = view.getUint16(eocd + 10, true)
  let offset = view.getUint32(eocd + 16, true)
  if (offset === 0xffffffff) {
    const record = Number(view.getBigUint64(eocd - 20 + 8, true))
    count = Number(view.getBigUint64(record + 32, true))
    offset = Number(view.getBigUint64(record + 48, true))
  }
  const entries: CentralEntry[] = []
  for (let i = 0; i < count; i++) {
    expect(view.getUint32(offset, true)).toBe(0x02014b50)
    const nameLength = view.getUint16(offset + 28, true)
    const rest = nameLength + view.getUint16(offset + 30, true) + view.getUint16(offset + 32, true)
    entries.push({
      name: strFromU8(bytes.subarray(offset + 46, offset + 46 + nameLength)),
      method: view.getUint16(offset + 10, true),
      flags: view.getUint16(offset + 8, true),
    })
    offset += 46 + rest
  }
  return entries
}

/** CSV text split into rows of fields (RFC 4180, as the export writes it). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { field += '"'; i++ }
      else if (c === '"') quoted = false
      else field += c
    } else if (c === '"') quoted = true
    else if (c === ',') { row.push(field); field = '' }
    else if (c === '\r' && text[i + 1] === '\n') { row.push(field); rows.push(row); row = []; field = ''; i++ }
    else field += c
  }
  expect(field).toBe('')
  expect(row).toEqual([])
  return rows
}

/** Inserts a library item straight into the table (the libraries write API is quick add). */
export function insertLibraryItem(t: TestApp, user: TestUser, library: string, data: Record<string, unknown>, createdAt = t.clock.now()): string {
  const id = uuidv7(createdAt)
  t.deps.db.insert(libraryItems).values({ id, userId: user.id, library, data: JSON.stringify(data), createdAt, updatedAt: createdAt }).run()
  return id
}

/** Makes `a` and `b` friends through the API: a request from `a`, accepted by `b`. */
export async function befriend(t: TestApp, a: TestUser, b: TestUser): Promise<void> {
  const sent = await t.request('POST', '/api/v1/friends/requests', { token: a.token, body: { receiver_id: b.id } })
  expect(sent.status).toBe(200)
  expect((await t.request('PUT', `/api/v1/friends/requests/${sent.body.data.id}/accept`, { token: b.token })).status).toBe(200)
}

export function jobRow(t: TestApp, id: number) {
  return t.deps.db.select().from(exportJobs).where(eq(exportJobs.id, id)).get()
}

export { expectError } from '../helpers/expect'

/**
 * Gives `user` three own trackers through the API — a 0–10 scale with end words, a yes/no and a number (kg, one
 * decimal) that is archived after its values were recorded — two activities, two own sports (Tennis archived after
 * its day), and three days: one with every value, two activities, three sports (bike, Climbing, Tennis) and a
 * Markdown note, one with two values, two built-in sports (mountain, waves_ladder) and a note that starts like a
 * formula, one with the twelve only. Returns what it made, by name.
 */
export async function fillOwnTrackers(t: TestApp, user: TestUser) {
  const auth = { token: user.token }
  const post = async (path: string, body: Record<string, unknown>) => {
    const r = await t.request('POST', path, { ...auth, body })
    expect(r.status).toBeLessThan(300)
    return r.body.data
  }
  const energy = await post('/api/v1/trackers', { name: 'Energy', kind: 'scale', min: 0, max: 10, min_label: 'flat', max_label: 'buzzing', emoji: '⚡' })
  const gym = await post('/api/v1/trackers', { name: 'Gym', kind: 'yesno' })
  const weight = await post('/api/v1/trackers', { name: 'Weight', kind: 'number', unit: 'kg', min: 30, max: 250, decimals: 1 })
  const family = await post('/api/v1/activities', { name: 'Family', group: 'People' })
  const reading = await post('/api/v1/activities', { name: 'Reading' })
  const climbing = await post('/api/v1/sports', { name: 'Climbing', emoji: '🧗' })
  const tennis = await post('/api/v1/sports', { name: 'Tennis' })
  await post('/api/v1/check-in', {
    date: '2026-06-01', mood: 4, values: { [energy.id]: 7, [gym.id]: true, [weight.id]: 71.5 }, activities: [reading.id, family.id],
    sport_ids: [climbing.id, 2, tennis.id], note: '# A good day\n\nA long walk, then tea.',
  })
  await post('/api/v1/check-in', { date: '2026-06-02', values: { [energy.id]: 3, [gym.id]: false }, sport_ids: [3, 5], note: '=SUM(A1:A9) was the plan' })
  await post('/api/v1/check-in', { date: '2026-06-03', mood: 2 })
  const archived = await t.request('PATCH', `/api/v1/trackers/${weight.id}`, { ...auth, body: { archived: true } })
  expect(archived.status).toBe(200)
  const archivedSport = await t.request('PATCH', `/api/v1/sports/${tennis.id}`, { ...auth, body: { archived: true } })
  expect(archivedSport.status).toBe(200)
  return { energy, gym, weight: archived.body.data, family, reading, climbing, tennis: archivedSport.body.data }
}
