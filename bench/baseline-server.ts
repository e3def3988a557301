/**
 * The bare baseline: Bun.serve + bun:sqlite doing the same work as daybook's routes without any framework,
 * validation, envelope helpers or middleware. Benchmarks report daybook as a ratio of this, in the same run.
 */
import { Database } from 'bun:sqlite'
import { createHash, timingSafeEqual } from 'node:crypto'

const db = new Database(process.env.BASELINE_DB!, { readonly: false })
db.exec('PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000')
const tokenStmt = db.query('SELECT user_id, secret_hash, expires_at FROM access_tokens WHERE id = ?')
const userStmt = db.query('SELECT id, name, email, role, email_verified_at, created_at, updated_at FROM users WHERE id = ?')
const clipboardStmt = db.query('SELECT * FROM clipboard_entries WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?')
const clipboardCount = db.query('SELECT count(*) AS n FROM clipboard_entries WHERE user_id = ?')
const checkInStmt = db.query('SELECT * FROM check_ins WHERE user_id = ? ORDER BY date DESC')

function userOf(req: Request): string | undefined {
  const m = /^Bearer (\d+)\|([A-Za-z0-9]{40})$/.exec(req.headers.get('authorization') ?? '')
  if (!m) return undefined
  const row = tokenStmt.get(Number(m[1])) as { user_id: string; secret_hash: string; expires_at: number } | null
  if (!row || row.expires_at <= Date.now()) return undefined
  const digest = createHash('sha256').update(m[2]!).digest()
  return timingSafeEqual(digest, Buffer.from(row.secret_hash, 'hex')) ? row.user_id : undefined
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

Bun.serve({
  port: Number(process.env.BASELINE_PORT),
  hostname: '127.0.0.1',
  fetch(req) {
    const url = new URL(req.url)
    if (url.pathname === '/api/v1/health') return json({ status: 'OK', timestamp: new Date().toISOString(), app: 'baseline', version: '0' })
    const userId = userOf(req)
    if (url.pathname === '/api/v1/users/me') return userId ? json({ success: true, data: userStmt.get(userId) }) : json({ success: false }, 401)
    if (url.pathname === '/api/v1/clipboard' && userId) {
      const perPage = Number(url.searchParams.get('per_page') ?? 50)
      const page = Number(url.searchParams.get('page') ?? 1)
      const rows = clipboardStmt.all(userId, perPage, (page - 1) * perPage)
      return json({ success: true, data: rows, meta: { total: (clipboardCount.get(userId) as { n: number }).n } })
    }
    if (url.pathname === '/api/v1/check-in' && userId) return json({ success: true, data: checkInStmt.all(userId) })
    return json({ success: false, message: 'not found' }, 404)
  },
})
