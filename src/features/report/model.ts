import { t } from 'elysia'
import { Type } from '@sinclair/typebox'
import { Envelope, IntIdParam, NullEnvelope, PathParams } from '../../lib/http/schemas'
import { f, queryRules, rules } from '../../lib/validation'
import { isValidDate } from '../../lib/values'
import { DAY } from '../../lib/clock'
import { MAX_PICKS } from './choice'

/** docs/api/shares.md §1: the longest period a report covers, in days, both ends included. */
export const MAX_REPORT_DAYS = 366
/** docs/api/shares.md §3: how far ahead a share link may expire. */
export const MAX_SHARE_DAYS = 90
/** docs/api/shares.md §3: how many live links a person may have at once. */
export const MAX_LIVE_SHARES = 50

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY

/** The period of a report: `from` to `to`, both included, at most MAX_REPORT_DAYS days. */
const period = {
  from: f.string().required().date().describe('the first day shown (YYYY-MM-DD)'),
  to: f.string().required().date().describe(`the last day shown (YYYY-MM-DD), at most ${MAX_REPORT_DAYS - 1} days after from`).check((v: string, a, input) => {
    if (!isValidDate(input.from)) return undefined
    const from = input.from as string
    if (v < from) return `The ${a} field must be a date after or equal to from.`
    return dayNumber(v) - dayNumber(from) >= MAX_REPORT_DAYS ? `The ${a} field must be at most ${MAX_REPORT_DAYS - 1} days after from.` : undefined
  }),
}

const TRACKERS_DOC = 'built-in tracker names (`mood`, `sleep`, …) and ids of one\'s own trackers, in the order shown'

/** docs/api/shares.md §2 — `GET /report`. */
export const ReportQuery = queryRules({
  trackers: f.string().required().describe(`comma-separated: ${TRACKERS_DOC}`),
  ...period,
  notes: f.string().oneOf(['yes', 'no']).describe('show the day notes (default no)'),
})

/** An ISO 8601 instant with its offset (`2026-09-01T12:00:00Z`, `…+02:00`). */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/

/** docs/api/shares.md §3 — `POST /shares`; the verb adds the clock's bounds of `expires_at`. */
export const CreateShareBody = rules({
  label: f.string().nullable().max(100).describe('for whom, in one\'s own words; never shown to the reader'),
  trackers: f.array().required().check((v: unknown[], a) => (v.length === 0 ? `The ${a} field is required.` : undefined), { minItems: 1, maxItems: MAX_PICKS })
    .describe(`${TRACKERS_DOC}; names are strings, ids integers`),
  ...period,
  notes: f.boolean().describe('show the day notes (default false)'),
  expires_at: f.string().required().check((v: string, a) => (ISO_INSTANT.test(v) && Number.isFinite(Date.parse(v)) ? undefined : `The ${a} field must be a valid timestamp.`),
    { format: 'date-time' }).describe(`when the link stops working: in the future, at most ${MAX_SHARE_DAYS} days ahead`),
})

export const ShareParams = PathParams({ id: IntIdParam })

const TrackerPick = t.Union([t.String(), Type.Integer()])

const shareFields = {
  label: t.Nullable(t.String()),
  trackers: t.Array(TrackerPick),
  from: t.String({ format: 'date' }),
  to: t.String({ format: 'date' }),
  notes: t.Boolean(),
  created_at: t.String({ format: 'date-time' }),
  expires_at: t.String({ format: 'date-time' }),
  active: t.Boolean({ description: 'the link opens the report now (it has not expired)' }),
  access_count: Type.Integer({ description: 'how often the report was opened through the link' }),
  last_accessed_at: t.Nullable(t.String({ format: 'date-time' })),
}

/** docs/api/shares.md §4 — a share as listed: never its token. */
export const Share = t.Object({ id: Type.Integer(), ...shareFields })
/** docs/api/shares.md §3 — a new share: its link, with the token, shown this once. */
export const CreatedShare = t.Object({ id: Type.Integer(), url: t.String({ format: 'uri', description: 'the link to hand over; its token is shown only now' }), ...shareFields })

export const ReportAnswer = Envelope(t.Object({ html: t.String({ description: 'the report page: a whole HTML document, no script' }) }))
export const ShareList = Envelope(t.Array(Share))
export const ShareCreated = Envelope(CreatedShare)
export const ShareRevoked = NullEnvelope
