/**
 * `daybook serve` starts without ICU: no local time, no Intl, no locale-aware string call before it is healthy. The
 * first of them loads ICU's code and data (the time-zone tables alone are over a megabyte), which would then stay in
 * the idle server's memory (README "Where the memory went"); a request that needs a zone or a language loads them then.
 *
 * The server runs from the sources with a preload that records every such call into a file, with the stack that
 * made it, so a failure names the module (a library's check of the local zone at load, say).
 */
import { afterAll, expect, test } from 'bun:test'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { freePort, untilHealthy } from '../helpers/serve'

const ROOT = resolve(import.meta.dir, '../..')
const dir = mkdtempSync(join(tmpdir(), 'daybook-startup-icu-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

// Runs before src/main.ts in the server's process: wraps what reaches ICU and appends one line per call.
const PRELOAD = `
const { appendFileSync } = require('node:fs')
const out = process.env.ICU_CALLS
const record = (what) => appendFileSync(out, what + ': ' + (new Error().stack ?? '').split('\\n').slice(3, 7).map((l) => l.trim()).join(' < ') + '\\n')
const wrap = (owner, names, label) => {
  for (const name of names) {
    const original = owner[name]
    if (typeof original !== 'function') continue
    Object.defineProperty(owner, name, { configurable: true, writable: true, value: function (...args) { record(label + '.' + name); return original.apply(this, args) } })
  }
}
wrap(Date.prototype, ['getFullYear', 'getMonth', 'getDate', 'getDay', 'getHours', 'getMinutes', 'getSeconds', 'getMilliseconds',
  'getTimezoneOffset', 'setFullYear', 'setMonth', 'setDate', 'setHours', 'setMinutes', 'setSeconds', 'setMilliseconds',
  'toString', 'toDateString', 'toTimeString', 'toLocaleString', 'toLocaleDateString', 'toLocaleTimeString'], 'Date')
wrap(String.prototype, ['localeCompare', 'toLocaleLowerCase', 'toLocaleUpperCase'], 'String')
wrap(Number.prototype, ['toLocaleString'], 'Number')
wrap(Array.prototype, ['toLocaleString'], 'Array')
for (const name of Object.getOwnPropertyNames(Intl)) {
  const original = Intl[name]
  if (typeof original !== 'function') continue
  Intl[name] = new Proxy(original, {
    construct: (target, args, newTarget) => { record('Intl.' + name); return Reflect.construct(target, args, newTarget) },
    apply: (target, self, args) => { record('Intl.' + name); return Reflect.apply(target, self, args) },
  })
}
// A date-time string without a zone, or the parts of a date, are read in the local zone.
const local = (args) => args.length > 1 || (typeof args[0] === 'string' && args[0].length > 10 && !/(Z|[+-]\\d\\d:?\\d\\d)$/i.test(args[0]))
const OriginalDate = Date
globalThis.Date = new Proxy(OriginalDate, {
  construct: (target, args, newTarget) => { if (local(args)) record('new Date(' + args.join(', ') + ')'); return Reflect.construct(target, args, newTarget) },
})
const parse = OriginalDate.parse
OriginalDate.parse = (text) => { if (local([text])) record('Date.parse(' + text + ')'); return parse(text) }
`


test('serve reaches a healthy /api/v1/health without a local time, Intl or a locale-aware call', async () => {
  const preload = join(dir, 'icu-probe.js')
  const calls = join(dir, 'icu-calls.txt')
  writeFileSync(preload, PRELOAD)
  writeFileSync(calls, '')
  const dataDir = join(dir, 'data')
  const port = await freePort()
  const proc = Bun.spawn([process.execPath, '--preload', preload, join(ROOT, 'src/main.ts'), 'serve'], {
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ICU_CALLS: calls, PASSWORD_HASH_MEMORY_KIB: '1024' },
    stdout: 'ignore', stderr: 'inherit',
  })
  try {
    expect(await untilHealthy(`http://127.0.0.1:${port}`, proc)).toBe(true)
    expect(readFileSync(calls, 'utf8').split('\n').filter(Boolean)).toEqual([])
  } finally {
    proc.kill()
    await proc.exited
  }
}, 60_000)
