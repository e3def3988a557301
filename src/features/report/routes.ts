import { Elysia } from 'elysia'
import type { Deps } from '../../lib/deps'
import { MINUTE } from '../../lib/clock'
import { AppError } from '../../lib/errors'
import { guard } from '../../lib/http/guard'
import { ok } from '../../lib/http/envelope'
import { API } from '../../lib/http/schemas'
import { APP_CSP, PAGE_HEADERS } from '../../lib/http/page-headers'
import { consumeRateLimits, type Limiter } from '../../lib/http/rate-limit'
import { rateLimitIp, requestIp } from '../../lib/http/client-ip'
import { compressAnswer } from '../../lib/http/compression'
import { CreateShareBody, ReportAnswer, ReportQuery, ShareCreated, ShareList, ShareParams, ShareRevoked } from './model'
import { noticeDocument } from './page'
import { ownReport } from './report'
import { createShare, listShares, openShare, revokeShare } from './shares'
import { REPORT_CSS, STYLE_PATH } from './style'
import { WORDS, type Lang } from './words'

const tags = ['shares']

/**
 * docs/api/shares.md §6: how often one address may open share links. Every open counts, found or not: a guesser
 * gets 30 tries a minute at a 256-bit token, while a reader reloading the page never meets the limit.
 */
export const shareLimiter = (ip: string): Limiter[] => [{ name: 'share-open', limit: 30, windowMs: MINUTE, key: ip }]

/** A shared page's headers: the app's strict CSP, no indexing, never cached (a revoked link must close at once). */
const SHARE_HEADERS = {
  ...PAGE_HEADERS, 'Content-Security-Policy': APP_CSP, 'X-Robots-Tag': 'noindex, nofollow', 'Cache-Control': 'no-store',
  'Content-Type': 'text/html; charset=utf-8',
}

const ALL_LANGS = Object.keys(WORDS) as Lang[]

/** Why a link shows no report, as a page: the status and headers of the error, its words in every language. */
function noticePage(error: AppError): Response {
  const [title, text] = error.status === 404 ? ['notFoundTitle', 'notFoundText'] as const
    : error.status === 410 ? ['goneTitle', 'goneText'] as const : ['limitedTitle', 'limitedText'] as const
  return new Response(noticeDocument(ALL_LANGS, title, text), { status: error.status, headers: { ...SHARE_HEADERS, ...error.headers } })
}

/** docs/api/shares.md — the signed-in person's report, their share links, and the page a link opens. */
export function reportRoutes(deps: Deps) {
  return new Elysia({ name: 'report' })
    .use(guard(deps))
    // `trackers` is one comma-separated list: the lifecycle hands the query over as sent (lib/http/lifecycle.ts).
    .get(`${API}/report`, async ({ actor, query }) => ok(deps.clock, 'Report created successfully.', await ownReport(deps, actor, query)), {
      auth: 'user', query: ReportQuery.checkedByVerb, response: { 200: ReportAnswer },
      detail: { tags, summary: 'My report of chosen trackers and dates, as a printable HTML page', description: 'The page is `data.html`: a whole document with no script, styled by the report\'s stylesheet from this server.' },
    })
    .post(`${API}/shares`, async ({ actor, body, set }) => {
      const share = await createShare(deps, actor, body)
      set.status = 201
      return ok(deps.clock, 'Share link created successfully.', share)
    }, {
      auth: 'user', parse: 'json', body: CreateShareBody.checkedByVerb, response: { 201: ShareCreated },
      detail: { tags, summary: 'Make a link that opens a report without an account (its URL is shown once)' },
    })
    .get(`${API}/shares`, async ({ actor }) => ok(deps.clock, 'Share links retrieved successfully.', await listShares(deps, actor)), {
      auth: 'user', response: { 200: ShareList }, detail: { tags, summary: 'List my share links that are not revoked, with how often each was opened' },
    })
    .delete(`${API}/shares/:id`, async ({ actor, params }) => {
      await revokeShare(deps, actor, params.id)
      return ok(deps.clock, 'Share link revoked successfully.', null)
    }, { auth: 'user', params: ShareParams, response: { 200: ShareRevoked }, detail: { tags, summary: 'Revoke a share link: it answers 410 Gone from now on' } })
    .get(STYLE_PATH, () => new Response(REPORT_CSS, { headers: { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'public, max-age=31536000, immutable' } }),
      { detail: { hide: true } })
    .get('/s/:token', async ({ request, params, set }) => {
      try {
        consumeRateLimits(deps, set.headers, shareLimiter(rateLimitIp(requestIp(deps.config, request))))
        // Compressed as the API's answers are: a year of every tracker with its notes is some 380 KB of HTML, 30 KB in gzip.
        const html = await openShare(deps, params.token)
        const compressed = compressAnswer(request, 200, () => html)
        return new Response(compressed?.body ?? html, {
          headers: { ...SHARE_HEADERS, Vary: 'Accept-Encoding', ...(compressed && { 'Content-Encoding': compressed.coding }) },
        })
      } catch (error) {
        if (error instanceof AppError) return noticePage(error)
        throw error
      }
    }, {
      detail: {
        tags, summary: 'The report a share link opens (HTML, no account)',
        description: '404 for a token nobody was given, 410 once revoked or expired, 429 after 30 opens a minute from one address; each answer is a page.',
      },
    })
}
