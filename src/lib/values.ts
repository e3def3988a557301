/**
 * What counts as a valid value, whatever declares it (docs/api/conventions.md §2.4–2.5): lengths in code points,
 * e-mail addresses, calendar dates, web addresses, and the trimming every request body gets. The rule chains of
 * lib/validation.ts use them, and so do verbs that check a value outside a declaration.
 */

/**
 * Unicode code points in `s` (docs/api/conventions.md §2.5: lengths count what `[...s].length` counts), without
 * building that array: a 64 KiB text would otherwise allocate 65,536 one-character strings to be measured.
 */
export function codePoints(s: string): number {
  let n = s.length
  for (let i = 0; i < s.length - 1; i++) {
    const c = s.charCodeAt(i)
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1)
      if (d >= 0xdc00 && d <= 0xdfff) { n--; i++ }
    }
  }
  return n
}

/**
 * Trim strings at any depth (docs/api/conventions.md §2.4 step 2). Iterative: a 1 MiB body can nest far deeper than the
 * call stack reaches. A "__proto__" key is defined as an ordinary key, so it never becomes the copy's prototype.
 */
export function trimDeep(value: unknown): unknown {
  const pending: [from: object, to: Record<string, unknown>][] = []
  const copy = (v: unknown): unknown => {
    if (typeof v === 'string') return v.trim()
    if (v === null || typeof v !== 'object') return v
    const to = (Array.isArray(v) ? [] : {}) as Record<string, unknown>
    pending.push([v, to])
    return to
  }
  const root = copy(value)
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [from, to] = next
    for (const [k, v] of Object.entries(from)) {
      if (k === '__proto__') Object.defineProperty(to, k, { value: copy(v), enumerable: true, writable: true, configurable: true })
      else to[k] = copy(v)
    }
  }
  return root
}

/** docs/api/conventions.md §2.5 "valid e-mail address". */
export function isValidEmail(value: unknown): boolean {
  if (typeof value !== 'string' || codePoints(value) > 255) return false
  const parts = value.split('@')
  if (parts.length !== 2) return false
  const [local, domain] = parts as [string, string]
  if (codePoints(local) < 1 || codePoints(local) > 64 || /\s/u.test(local)) return false
  const labels = domain.split('.')
  if (labels.length < 2) return false
  return labels.every((l) => codePoints(l) >= 1 && codePoints(l) <= 63 && /^[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?$/u.test(l))
}

/** Strict YYYY-MM-DD naming a real calendar day, years 0001–9999. */
export function isValidDate(value: unknown): boolean {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const [y, m, d] = value.split('-').map(Number) as [number, number, number]
  if (y < 1 || m < 1 || m > 12 || d < 1) return false
  const days = new Date(Date.UTC(2000, m, 0)).getUTCDate() // days in month m of a leap year
  if (d > days) return false
  if (m === 2 && d === 29) return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0
  return true
}

export function isHttpUrl(value: unknown): boolean {
  if (typeof value !== 'string' || /\s/.test(value)) return false
  try {
    const u = new URL(value)
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== ''
  } catch {
    return false
  }
}
