/**
 * Memory under load: `node_modules/.bin/bun bench/load-rss.ts`.
 *
 * Starts the built daybook on a fresh data folder with 20 users, then runs a mixed load for LOAD_SECONDS
 * (default 300): each of the 20 users is one client looping over check-in reads (a year of entries) and
 * upserts, clipboard list reads and text writes, uploads of small PNG images (every 10th request) and a
 * password login (every 20 s, from its own forwarded address so the per-IP login limit is not the
 * bottleneck). The server's RSS is sampled every second during the load and for 60 s after it stops.
 * Reports the peak, the average of the first and of the last minute of load, and the level 60 s after.
 * LOAD_CSV=path writes the samples; DAYBOOK_ENV='K=V K=V' adds environment to the server (bench/lib.ts).
 * Budget: peak ≤ 150 MB, ≤ 80 MB 60 s after the load, no growth from the first to the last minute.
 */
import { Database } from 'bun:sqlite'
import { join } from 'node:path'
import { deflateSync } from 'node:zlib'
import { TRACKERS, ensureBinary, fmt, migrate, rssParts, seedUsers, startDaybook, stop, table, tempDir } from './lib'

const USERS = 20
const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 300)
const AFTER_SECONDS = 60

/** A valid w×h RGB PNG (the upload checks the bytes and dimensions). */
function png(w: number, h: number): Uint8Array {
  const crcTable = Array.from({ length: 256 }, (_, n) => { let c = n; for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1; return c >>> 0 })
  const crc = (b: Uint8Array) => { let c = 0xffffffff; for (const x of b) c = crcTable[(c ^ x) & 0xff]! ^ (c >>> 8); return (c ^ 0xffffffff) >>> 0 }
  const be32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff]
  const chunk = (type: string, data: Uint8Array) => {
    const td = Uint8Array.from([...type].map((c) => c.charCodeAt(0)).concat([...data]))
    return [...be32(data.length), ...td, ...be32(crc(td))]
  }
  const raw = new Uint8Array(h * (1 + 3 * w))
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7) & 0xff
  for (let y = 0; y < h; y++) raw[y * (1 + 3 * w)] = 0
  return Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a,
    ...chunk('IHDR', Uint8Array.from([...be32(w), ...be32(h), 8, 2, 0, 0, 0])),
    ...chunk('IDAT', deflateSync(raw)), ...chunk('IEND', new Uint8Array())])
}

ensureBinary()
const dataDir = tempDir('daybook-bench-load-')
migrate(dataDir)
const dbPath = join(dataDir, 'daybook.db')
const users = seedUsers(dbPath, USERS)
{
  // A year of check-ins for every user, so the reads return 365 entries.
  const db = new Database(dbPath)
  const emails = db.query('SELECT id, email FROM users').all() as { id: string; email: string }[]
  const ins = db.query(`INSERT INTO check_ins (user_id, date, ${TRACKERS.join(', ')}, created_at, updated_at) VALUES (?, ?, ${TRACKERS.map(() => '?').join(', ')}, ?, ?)`)
  db.transaction(() => {
    for (const u of emails) for (let d = 0; d < 365; d++) {
      ins.run(u.id, new Date(Date.UTC(2025, 0, 1 + d)).toISOString().slice(0, 10), ...TRACKERS.map((_, i) => 1 + ((d + i) % 5)), Date.now(), Date.now())
    }
  })()
  for (const u of users) (u as { email?: string }).email = emails.find((e) => e.id === u.id)!.email
  db.close()
}
const image = png(64, 64)
const daybook = await startDaybook(dataDir, { TRUST_PROXY: '1' })
const pid = daybook.proc.pid
const samples: { t: number; rss: number; anon: number; file: number }[] = []
const t0 = performance.now()
const sampler = setInterval(() => { try { samples.push({ t: (performance.now() - t0) / 1000, ...rssParts(pid) }) } catch { /* the server is gone */ } }, 1000)

const counts = { requests: 0, errors: 0, logins: 0, uploads: 0 }
let running = true
async function clientLoop(u: { token: string; email?: string }, index: number) {
  const auth = { authorization: `Bearer ${u.token}` }
  let lastLogin = -Infinity
  for (let k = 0; running; k++) {
    let res: Response
    if (performance.now() - lastLogin > 20_000) {
      lastLogin = performance.now()
      counts.logins++
      res = await fetch(`${daybook.url}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.0.0.${index + 1}` }, body: JSON.stringify({ email: u.email, password: 'bench password 123' }) })
    } else if (k % 10 === 0) {
      counts.uploads++
      const form = new FormData()
      form.append('image', new Blob([image as Uint8Array<ArrayBuffer>], { type: 'image/png' }), 'bench.png')
      res = await fetch(`${daybook.url}/api/v1/clipboard/image`, { method: 'POST', headers: auth, body: form })
    } else {
      switch (k % 4) {
        case 0: res = await fetch(`${daybook.url}/api/v1/check-in`, { headers: auth }); break
        case 1: res = await fetch(`${daybook.url}/api/v1/check-in`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ date: `2026-02-${String(1 + (k % 28)).padStart(2, '0')}`, mood: 1 + (k % 5) }) }); break
        case 2: res = await fetch(`${daybook.url}/api/v1/clipboard?per_page=50&page=${1 + (k % 5)}`, { headers: auth }); break
        default: res = await fetch(`${daybook.url}/api/v1/clipboard`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ content: `load note ${k}` }) })
      }
    }
    await res.arrayBuffer()
    counts.requests++
    if (res.status >= 300) counts.errors++
  }
}
/** One client's loop; a refused connection counts as an error (and ends the client) instead of a crash. */
async function client(u: { token: string; email?: string }, index: number) {
  try {
    await clientLoop(u, index)
  } catch {
    counts.errors++
  }
}
const clients = users.map((u, i) => client(u, i))
await Bun.sleep(LOAD_SECONDS * 1000)
running = false
await Promise.all(clients)
const loadEnd = (performance.now() - t0) / 1000
await Bun.sleep(AFTER_SECONDS * 1000)
clearInterval(sampler)
await stop(daybook)
// LOAD_CSV=path keeps every sample (seconds, RSS, anonymous, file-backed MB) for a closer look.
if (process.env.LOAD_CSV) await Bun.write(process.env.LOAD_CSV, samples.map((x) => [x.t, x.rss, x.anon, x.file].map((v) => v.toFixed(1)).join(',')).join('\n') + '\n')

const during = samples.filter((s) => s.t <= loadEnd)
const avg = (xs: { rss: number }[]) => xs.reduce((a, s) => a + s.rss, 0) / xs.length
const minute = Math.min(60, Math.floor(LOAD_SECONDS / 2))
const first = avg(during.filter((s) => s.t <= minute))
const last = avg(during.filter((s) => s.t > loadEnd - minute))
const peak = Math.max(...during.map((s) => s.rss))
const after = samples.at(-1)!.rss
const under80 = samples.find((s) => s.t > loadEnd && s.rss < 80)
// Minute by minute, so a level that keeps rising shows apart from the first minute's climb from idle.
const minutes = Array.from({ length: Math.ceil(LOAD_SECONDS / 60) }, (_, m) => avg(during.filter((s) => s.t > m * 60 && s.t <= (m + 1) * 60)))

console.log(`\n### Memory under load (dist/daybook; ${USERS} users, ${LOAD_SECONDS} s mixed load, RSS every second${process.env.DAYBOOK_ENV ? `; ${process.env.DAYBOOK_ENV}` : ''})\n`)
console.log(table(['measure', 'value', 'budget'], [
  ['requests (errors)', `${fmt(counts.requests)} (${counts.errors}); ${fmt(counts.requests / LOAD_SECONDS)}/s; ${counts.uploads} uploads, ${counts.logins} logins`, '—'],
  ['RSS at start', `${fmt(samples[0]!.rss, 1)} MB`, '—'],
  ['peak RSS during the load', `${fmt(peak, 1)} MB`, '≤ 150 MB'],
  [`average RSS, first ${minute} s of load`, `${fmt(first, 1)} MB`, '—'],
  [`average RSS, last ${minute} s of load`, `${fmt(last, 1)} MB`, 'no growth'],
  ['average RSS per minute of load', minutes.map((m) => fmt(m, 1)).join(' / ') + ' MB', '—'],
  [`RSS ${AFTER_SECONDS} s after the load`, `${fmt(after, 1)} MB`, '< 80 MB'],
  ['first sample under 80 MB after the load', under80 ? `${fmt(under80.t - loadEnd, 0)} s` : 'none', '≤ 60 s'],
]))
