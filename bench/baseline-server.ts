/**
 * The bare baseline: Bun.serve + bun:sqlite doing the same work as daybook's routes without any framework,
 * validation, envelope helpers or middleware. Benchmarks report daybook as a ratio of this, in the same run.
 * The token check makes daybook's two primary-key reads; the clipboard and check-in lists run daybook's
 * queries and build byte-identical JSON (bench/clipboard-check-in.ts compares them before measuring).
 */
import { Database } from 'bun:sqlite'
import { createHash, timingSafeEqual } from 'node:crypto'
import { TRACKERS } from './lib'

type Row = Record<string, any>

/**
 * The baseline's request handler over `db` (opened with daybook's pragmas by the caller); `publicUrl` is daybook's
 * PUBLIC_URL when the compared JSON holds file URLs. Also returns its check-in statements and presenter, which
 * bench/scaling-check-in.ts calls without HTTP.
 */
export function createBaseline(db: Database, publicUrl: string) {
  const tokenStmt = db.query('SELECT user_id, secret_hash, expires_at FROM access_tokens WHERE id = ?')
  // The whole row, as daybook's token lookup reads it for every authenticated request.
  const userStmt = db.query('SELECT * FROM users WHERE id = ?')
  const clipboardStmt = db.query('SELECT * FROM clipboard_entries WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?')
  const clipboardCount = db.query('SELECT count(*) AS n FROM clipboard_entries WHERE user_id = ?')
  const checkInStmt = db.query('SELECT * FROM check_ins WHERE user_id = ? ORDER BY date DESC')
  const checkInRangeStmt = db.query('SELECT * FROM check_ins WHERE user_id = ? AND date >= ? AND date <= ? ORDER BY date DESC')
  const clipboardInsert = db.query(`INSERT INTO clipboard_entries (user_id, type, content, created_at, updated_at)
    VALUES (?, 'text', ?, ?, ?) RETURNING *`)
  const DATE = /^\d{4}-\d{2}-\d{2}$/

  /** The check-in upsert of src/features/check-in/check-ins.ts: one INSERT … ON CONFLICT DO UPDATE … RETURNING. */
  function upsertCheckIn(userId: string, body: Row): Row | undefined {
    if (typeof body.date !== 'string' || !DATE.test(body.date)) return undefined
    const sent = TRACKERS.filter((k) => k in body)
    for (const k of sent) {
      const v = body[k]
      if (v !== null && !(Number.isInteger(v) && v >= 1 && v <= (k === 'sports' ? 6 : 5))) return undefined
    }
    const now = Date.now()
    const cols = sent.join(', ')
    // One statement per set of sent trackers, cached by bun:sqlite (as drizzle's SQL text is per shape too).
    const sql = `INSERT INTO check_ins (user_id, date, ${cols ? cols + ', ' : ''}created_at, updated_at)
      VALUES (?, ?, ${sent.map(() => '?, ').join('')}?, ?)
      ON CONFLICT (user_id, date) DO UPDATE SET ${sent.map((k) => `${k} = excluded.${k}, `).join('')}updated_at = excluded.updated_at RETURNING *`
    return db.query(sql).get(userId, body.date, ...sent.map((k) => body[k]), now, now) as Row
  }

  /** The acting user of a Bearer `{id}|{secret}` token, as src/features/auth/tokens.ts resolves it. */
  function userOf(req: Request): Row | undefined {
    const m = /^Bearer +([0-9]{1,15})\|([A-Za-z0-9]{40})$/i.exec(req.headers.get('authorization') ?? '')
    if (!m) return undefined
    const row = tokenStmt.get(Number(m[1])) as { user_id: string; secret_hash: string; expires_at: number } | null
    if (!row) return undefined
    const digest = createHash('sha256').update(m[2]!).digest()
    if (!timingSafeEqual(digest, Buffer.from(row.secret_hash, 'hex')) || row.expires_at <= Date.now()) return undefined
    return (userStmt.get(row.user_id) as Row | null) ?? undefined
  }

  // The headers every daybook answer carries (docs/api/conventions.md §4, §5): the same bytes, as the comparison must.
  const COMMON_HEADERS = {
    'access-control-allow-headers': 'Authorization, Content-Type, Accept, X-Requested-With, X-Request-Id',
    'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
    'access-control-allow-origin': '*',
    'access-control-expose-headers': 'Content-Disposition, Retry-After, X-RateLimit-Limit, X-RateLimit-Remaining, X-Request-Id',
    'cache-control': 'no-store',
    'content-type': 'application/json; charset=utf-8',
    vary: 'Accept-Encoding',
    'x-content-type-options': 'nosniff',
  }

  // The presenters: docs/api/clipboard.md §1 and docs/api/check-in.md §1.
  const iso = (ms: number) => new Date(ms).toISOString()

  /** docs/api/users.md §1, the full user of users/me (an account without a stored AI key: nothing to decrypt). */
  function meJson(u: Row) {
    return {
      id: u.id, name: u.name, email: u.email, role: u.role, confirmed: u.email_verified_at !== null, created_at: iso(u.created_at), updated_at: iso(u.updated_at),
      profile: { profile_image_path: u.profile_image_path, profile_image_url: u.profile_image_path === null ? null : `${publicUrl}/storage/user/${u.profile_image_path}` },
      settings: {
        language: u.language, timezone: u.timezone, date_format: u.date_format, time_format: u.time_format, navigation: u.navigation,
        ai_enabled: false, openai_api_key: null, first_visit: u.first_visit === 1, temperature_unit: u.temperature_unit,
        weather_city: u.weather_city, weather_latitude: u.weather_latitude, weather_longitude: u.weather_longitude,
      },
      pending_email: u.pending_email,
    }
  }

  function clipboardJson(r: Row) {
    return {
      id: r.id, type: r.type, content: r.content, file_path: r.file_path,
      image_url: r.file_path === null ? null : `${publicUrl}/storage/user/${r.file_path}`,
      mime_type: r.mime_type, size_bytes: r.size_bytes, created_at: iso(r.created_at), updated_at: iso(r.updated_at),
    }
  }

  function checkInJson(r: Row) {
    const out: Row = { id: r.id, date: r.date }
    for (const k of TRACKERS) out[k] = r[k]
    out.created_at = iso(r.created_at)
    out.updated_at = iso(r.updated_at)
    // A day's own-tracker values and activities (docs/api/check-in.md §5): the JSON text its row keeps.
    out.values = r.values_json === null ? {} : JSON.parse(r.values_json)
    out.activities = r.activities_json === null ? [] : JSON.parse(r.activities_json)
    // docs/api/check-in.md §6: `sports` first, then the day's other sports (a JSON list in more_sports).
    const more: number[] = r.more_sports === null ? [] : JSON.parse(r.more_sports)
    out.sport_ids = r.sports === null ? more : [r.sports, ...more.filter((id) => id !== r.sports)]
    out.note = r.note
    return out
  }

  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { ...COMMON_HEADERS, 'x-request-id': crypto.randomUUID() } })
  const unauthenticated = () => json({ success: false, message: 'Unauthenticated.', code: 'unauthenticated' }, 401)

  /** The clipboard list inside the envelope of docs/api/conventions.md §3, with its pagination meta. */
  function clipboardList(userId: string, url: URL) {
    const perPage = Number(url.searchParams.get('per_page') ?? 50)
    const page = Number(url.searchParams.get('page') ?? 1)
    const total = (clipboardCount.get(userId) as { n: number }).n
    const rows = clipboardStmt.all(userId, perPage, (page - 1) * perPage) as Row[]
    const lastPage = Math.max(1, Math.ceil(total / perPage))
    const from = rows.length ? (page - 1) * perPage + 1 : null
    return json({
      success: true, message: 'Clipboards retrieved successfully.', data: rows.map(clipboardJson), timestamp: new Date().toISOString(),
      meta: { pagination: { current_page: page, last_page: lastPage, per_page: perPage, total, from, to: from === null ? null : from + rows.length - 1, has_more_pages: page < lastPage } },
    })
  }

  async function fetch(req: Request): Promise<Response> {
    const url = new URL(req.url)
    // Routes first, then the token (daybook's auth is a per-route option): an unknown path is a 404 without a lookup.
    switch (url.pathname) {
      case '/api/v1/health':
        return json({ status: 'OK', timestamp: new Date().toISOString(), app: 'baseline', version: '0' })
      case '/api/v1/users/me': {
        const user = userOf(req)
        return user ? json({ success: true, message: 'User retrieved successfully.', data: meJson(user), timestamp: new Date().toISOString() }) : unauthenticated()
      }
      case '/api/v1/clipboard': {
        const user = userOf(req)
        if (!user) return unauthenticated()
        if (req.method === 'POST') {
          const { content } = await req.json() as Row
          if (typeof content !== 'string' || content.trim() === '' || [...content].length > 65535) return json({ success: false, message: 'invalid' }, 422)
          const now = Date.now()
          const row = clipboardInsert.get(user.id, content, now, now) as Row
          return json({ success: true, message: 'Clipboard created successfully.', data: clipboardJson(row), timestamp: new Date().toISOString() })
        }
        return clipboardList(user.id, url)
      }
      case '/api/v1/check-in': {
        const user = userOf(req)
        if (!user) return unauthenticated()
        if (req.method === 'POST') {
          const row = upsertCheckIn(user.id, await req.json() as Row)
          if (!row) return json({ success: false, message: 'invalid' }, 422)
          return json({ success: true, message: 'Check-in data created successfully.', data: checkInJson(row), timestamp: new Date().toISOString() }, 201)
        }
        const from = url.searchParams.get('from')
        const to = url.searchParams.get('to')
        // The range form only when asked (bench/scaling-check-in.ts), so the plain list stays the statement it was.
        const rows = from || to ? checkInRangeStmt.all(user.id, from ?? '0000-00-00', to ?? '9999-99-99') : checkInStmt.all(user.id)
        const data = (rows as Row[]).map(checkInJson)
        return json({ success: true, message: 'Check-in data retrieved successfully.', data, timestamp: new Date().toISOString() })
      }
      case '/raw/check-in': {
        // The second baseline of the year read: the rows exactly as the database returns them, no presenter.
        const user = userOf(req)
        if (!user) return unauthenticated()
        return json({ success: true, message: 'Check-in data retrieved successfully.', data: checkInStmt.all(user.id), timestamp: new Date().toISOString() })
      }
      default:
        return json({ success: false, message: 'not found' }, 404)
    }
  }

  return { fetch, userOf, upsertCheckIn, checkInJson, checkInRangeStmt }
}

/** daybook's pragmas (src/lib/db/client.ts): a write commits without an fsync in WAL mode, and foreign keys are checked. */
export const BASELINE_PRAGMAS = 'PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000; PRAGMA temp_store = MEMORY'

if (import.meta.main) {
  const db = new Database(process.env.BASELINE_DB!, { readonly: false })
  db.exec(BASELINE_PRAGMAS)
  // Daybook's default PUBLIC_URL shape; startBaseline passes daybook's actual one when the JSON holds file URLs.
  const publicUrl = process.env.BASELINE_PUBLIC_URL ?? `http://localhost:${process.env.BASELINE_PORT}`
  Bun.serve({ port: Number(process.env.BASELINE_PORT), hostname: '127.0.0.1', fetch: createBaseline(db, publicUrl).fetch })
}
