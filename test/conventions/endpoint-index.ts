/**
 * The endpoint index (docs/README.md, "Endpoints") as data, for the cross-cutting convention tests.
 * Path parameters are written by the id rule they must pass (docs/api/conventions.md §7): `{int}`, `{uuid}`,
 * `{type}` (any segment; the libraries answer 404 for unknown types), `{backup}` (a backup archive name), `{token}` (a
 * reminder answer's signed token) and
 * `{file}` (the rest of a /storage/user path).
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
export type Auth = 'public' | 'user' | 'admin'
/** `json`: the endpoint parses a JSON body; `none`: it takes no body; `upload`: multipart/form-data */
export type BodyKind = 'json' | 'none' | 'upload'

export interface Endpoint { method: Method; path: string; auth: Auth; body: BodyKind }

const e = (method: Method, path: string, auth: Auth, body: BodyKind = method === 'GET' ? 'none' : 'json'): Endpoint =>
  ({ method, path: path.startsWith('/storage') ? path : `/api${path}`, auth, body })

export const ENDPOINTS: Endpoint[] = [
  e('GET', '/v1/health', 'public'),
  e('GET', '/v1/instance', 'public'),
  e('POST', '/v1/auth/register', 'public'),
  e('POST', '/v1/auth/login', 'public'),
  e('POST', '/v1/auth/verify', 'public'),
  e('POST', '/v1/auth/verify/resend', 'public'),
  e('POST', '/v1/auth/forgot-password', 'public'),
  e('POST', '/v1/auth/reset-password', 'public'),
  e('POST', '/v1/auth/logout', 'user', 'none'),
  e('POST', '/v1/auth/logout-all', 'user', 'none'),
  e('POST', '/v1/auth/refresh', 'user'),
  e('GET', '/v1/auth/tokens', 'user'),
  e('POST', '/v1/auth/revoke-token', 'user'),
  e('POST', '/v1/auth/passkeys/register-options', 'user', 'none'),
  e('POST', '/v1/auth/passkeys/register', 'user'),
  e('GET', '/v1/auth/passkeys', 'user'),
  e('PUT', '/v1/auth/passkeys/{uuid}', 'user'),
  e('DELETE', '/v1/auth/passkeys/{uuid}', 'user', 'none'),
  e('POST', '/v1/auth/passkey/authenticate-options', 'public'),
  e('POST', '/v1/auth/passkey/authenticate', 'public'),
  e('POST', '/v1/auth/account-link/check', 'public'),
  e('POST', '/v1/auth/account-link/password', 'public'),
  e('POST', '/v1/auth/account-link/passkey/register-options', 'public'),
  e('POST', '/v1/auth/account-link/passkey/register', 'public'),
  e('GET', '/v1/users/me', 'user'),
  e('PATCH', '/v1/users/me', 'user'),
  e('DELETE', '/v1/users/me', 'user'),
  e('POST', '/v1/users/me/delete-options', 'user', 'none'),
  e('POST', '/v1/users/me/profile-image', 'user', 'upload'),
  e('PUT', '/v1/users/change-password', 'user'),
  e('GET', '/v1/users/{uuid}/public-profile', 'user'),
  e('PUT', '/v1/users/me/settings/navigation', 'user'),
  e('PUT', '/v1/users/me/settings/timezone', 'user'),
  e('PUT', '/v1/users/me/settings/language', 'user'),
  e('PUT', '/v1/users/me/settings/date-format', 'user'),
  e('PUT', '/v1/users/me/settings/time-format', 'user'),
  e('PUT', '/v1/users/me/settings/weather-city', 'user'),
  e('PUT', '/v1/users/me/settings/weather-temperature-unit', 'user'),
  e('PUT', '/v1/users/me/settings/ai-provider-api-key', 'user'),
  e('PUT', '/v1/users/me/settings/openai-api-key', 'user'),
  e('PUT', '/v1/users/me/settings/complete-onboarding', 'user', 'none'),
  e('GET', '/v1/users/me/settings/check-in', 'user'),
  e('PUT', '/v1/users/me/settings/check-in', 'user'),
  e('GET', '/v1/users', 'admin'),
  e('POST', '/v1/users', 'admin'),
  e('POST', '/v1/users/{uuid}/reset-link', 'admin', 'none'),
  e('POST', '/v1/users/{uuid}/resend-verification', 'admin', 'none'),
  e('PUT', '/v1/users/{uuid}', 'user'),
  e('PATCH', '/v1/users/{uuid}', 'user'),
  e('DELETE', '/v1/users/{uuid}', 'admin', 'none'),
  e('GET', '/v1/friends', 'user'),
  e('DELETE', '/v1/friends/{uuid}', 'user', 'none'),
  e('GET', '/v1/friends/requests', 'user'),
  e('POST', '/v1/friends/requests', 'user'),
  e('PUT', '/v1/friends/requests/{int}/accept', 'user', 'none'),
  e('PUT', '/v1/friends/requests/{int}/reject', 'user', 'none'),
  e('DELETE', '/v1/friends/requests/{int}', 'user', 'none'),
  e('GET', '/v1/clipboard', 'user'),
  e('POST', '/v1/clipboard', 'user'),
  e('POST', '/v1/clipboard/image', 'user', 'upload'),
  e('GET', '/v1/clipboard/{int}/image', 'user'),
  e('DELETE', '/v1/clipboard/{int}', 'user', 'none'),
  e('GET', '/v1/check-in', 'user'),
  e('GET', '/v1/trackers', 'user'),
  e('POST', '/v1/trackers', 'user'),
  e('PATCH', '/v1/trackers/{int}', 'user'),
  e('DELETE', '/v1/trackers/{int}', 'user', 'none'),
  e('GET', '/v1/activities', 'user'),
  e('POST', '/v1/activities', 'user'),
  e('PATCH', '/v1/activities/{int}', 'user'),
  e('DELETE', '/v1/activities/{int}', 'user', 'none'),
  e('GET', '/v1/streaks', 'user'),
  e('PUT', '/v1/streaks/rules', 'user'),
  e('GET', '/v1/insights', 'user'),
  e('POST', '/v1/check-in', 'user'),
  e('GET', '/v1/sports', 'user'),
  e('POST', '/v1/sports', 'user'),
  e('PATCH', '/v1/sports/{int}', 'user'),
  e('DELETE', '/v1/sports/{int}', 'user', 'none'),
  e('POST', '/v1/reminder-answers/{token}', 'public', 'none'),
  e('GET', '/v1/reminder-answers/day/{token}', 'public'),
  e('POST', '/v1/reminder-answers/day/{token}', 'public'),
  ...['chatbot', 'telegram'].flatMap((base) => [
    e('GET', `/v1/${base}/token-request`, 'user'),
    e('GET', `/v1/${base}/request`, 'user'),
    e('GET', `/v1/${base}/bot`, 'user'),
    e('PUT', `/v1/${base}/your-day-alert`, 'user'),
    e('PUT', `/v1/${base}/check-in-alert`, 'user'),
    e('DELETE', `/v1/${base}`, 'user', 'none'),
  ]),
  e('POST', '/v1/export', 'user'),
  e('GET', '/v1/export/status', 'user'),
  e('GET', '/v1/export/{int}/download', 'user'),
  e('POST', '/v1/import', 'user', 'upload'),
  e('GET', '/v1/import/status', 'user'),
  e('GET', '/v1/search', 'user'),
  e('POST', '/v1/dashboard/quick-add/detect', 'user'),
  e('POST', '/v1/dashboard/quick-add/commit', 'user'),
  e('GET', '/v1/libraries/{type}', 'user'),
  e('GET', '/v1/libraries/{type}/{uuid}', 'user'),
  e('PATCH', '/v1/libraries/{type}/{uuid}', 'user'),
  e('DELETE', '/v1/libraries/{type}/{uuid}', 'user', 'none'),
  e('POST', '/v1/libraries/{type}/{uuid}/refetch', 'user', 'none'),
  e('GET', '/v1/notifications/settings', 'user'),
  e('PUT', '/v1/notifications/settings', 'user'),
  e('GET', '/v1/notifications/channels', 'user'),
  e('POST', '/v1/notifications/channels', 'user'),
  e('PUT', '/v1/notifications/channels/{int}', 'user'),
  e('DELETE', '/v1/notifications/channels/{int}', 'user', 'none'),
  e('POST', '/v1/notifications/channels/{int}/test', 'user', 'none'),
  e('GET', '/v1/weather', 'user'),
  e('GET', '/v1/weather/today', 'user'),
  e('GET', '/v1/weather/places', 'user'),
  e('GET', '/v1/report', 'user'),
  e('POST', '/v1/shares', 'user'),
  e('GET', '/v1/shares', 'user'),
  e('DELETE', '/v1/shares/{int}', 'user', 'none'),
  e('GET', '/v1/admin/backups', 'admin'),
  e('POST', '/v1/admin/backups', 'admin', 'none'),
  e('GET', '/v1/admin/backups/runs/{int}', 'admin'),
  e('GET', '/v1/admin/backups/{backup}/download', 'admin'),
  e('DELETE', '/v1/admin/backups/{backup}', 'admin', 'none'),
  e('GET', '/storage/user/{file}', 'public'),
]

export const METHODS: Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']

const SAMPLE_UUID = '0197a1b2-6c1e-7d3a-9f42-1b2c3d4e5f60'
const SAMPLE: Record<string, string> = {
  '{int}': '4242',
  '{uuid}': SAMPLE_UUID,
  '{type}': 'books',
  '{backup}': 'daybook-backup-20260624T100000Z.zip',
  '{token}': 'not-a-signed-token',
  '{file}': `${SAMPLE_UUID}/profile/${'a'.repeat(32)}.png`,
}

/** A concrete path whose parameters pass the id rules (the resources do not exist). */
export function sample(path: string, values: Record<string, string> = {}): string {
  return path.replace(/\{[a-z]+\}/g, (p) => values[p] ?? SAMPLE[p]!)
}

/** Values that fail each id rule; 2^53 and above pass the pattern but can name no row. */
export const MALFORMED: Record<string, string[]> = {
  '{int}': ['abc', '0', '007', '-1', '1.5', '1e3', '12345678901234567', '%20'],
  '{uuid}': ['me', '42', 'not-a-uuid', SAMPLE_UUID.replaceAll('-', ''), `${SAMPLE_UUID}0`, SAMPLE_UUID.replace('0', 'g')],
  '{file}': ['x', 'a/b/c.png', `${SAMPLE_UUID}/profile/${'a'.repeat(31)}.png`, `${SAMPLE_UUID}/exports/${'a'.repeat(32)}.zip`,
    `${SAMPLE_UUID}/profile/${'A'.repeat(32)}.png`, `${SAMPLE_UUID}/profile/${'a'.repeat(32)}.svg`],
}

/** Does `path` (concrete) match the index template, with every parameter passing its rule? */
export function templateMatches(template: string, path: string): 'yes' | 'bad-param' | 'no' {
  const t = template.split('/').filter(Boolean)
  const p = path.split('/').filter(Boolean)
  const wildcard = t.at(-1) === '{file}'
  if (wildcard ? p.length < t.length : p.length !== t.length) return 'no'
  let bad = false
  for (let i = 0; i < t.length; i++) {
    const seg = t[i]!
    if (seg === '{file}') break
    if (!seg.startsWith('{')) { if (seg !== p[i]) return 'no'; continue }
    if (seg === '{int}' && !/^[1-9][0-9]{0,15}$/.test(p[i]!)) bad = true
    if (seg === '{uuid}' && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(p[i]!)) bad = true
  }
  return bad ? 'bad-param' : 'yes'
}

/** Expected answer to `method path` by the routing rules of docs/api/conventions.md §1 over the whole index. */
export function expectedRouting(method: Method, path: string): { status: 200 | 404 | 405; allow?: string } {
  const routed = new Set(ENDPOINTS.filter((x) => templateMatches(x.path, path) === 'yes').map((x) => x.method))
  if (routed.size === 0) return { status: 404 }
  if (routed.has(method)) return { status: 200 }
  if (ENDPOINTS.some((x) => x.method === method && templateMatches(x.path, path) === 'bad-param')) return { status: 404 }
  return { status: 405, allow: [...METHODS.filter((m) => routed.has(m)), 'OPTIONS'].join(', ') }
}

/** The index path in OpenAPI form with parameter names dropped: `/api/v1/clipboard/{}/image`. */
export function openApiShape(path: string): string {
  return path.replace(/\{[^}]+\}|\*/g, '{}')
}
