/**
 * The report of one person's days (docs/api/shares.md §1–2): read through the check-in and trackers stores,
 * computed on request, rendered as one HTML page. The signed-in person gets it from `GET /report` (the web app
 * shows it in a frame and prints it); a share link's reader gets the same page from `GET /s/{token}`.
 */
import type { Actor } from '../../lib/actor'
import type { Deps } from '../../lib/deps'
import { localDate, userToday } from '../../lib/local-time'
import type { Unchecked } from '../../lib/validation'
import type { UserRow } from '../users/schema'
import { checkedPicks, type ReportChoice } from './choice'
import { datesFrom, figuresOf } from './figures'
import { ReportQuery } from './model'
import { reportDocument } from './page'

type ReportDeps = Pick<Deps, 'stores' | 'clock'>

/** docs/api/shares.md §2 — the signed-in person's report of the trackers, dates and notes the query names. */
export async function ownReport(deps: ReportDeps, actor: Actor, query: Unchecked<typeof ReportQuery>): Promise<{ html: string }> {
  const input = ReportQuery.validate(query)
  const own = await deps.stores.trackers.list(actor.user.id)
  const trackers = checkedPicks(input.trackers.split(',').map((s) => s.trim()).filter(Boolean), own)
  return { html: await renderReport(deps, actor.user, { trackers, from: input.from, to: input.to, notes: input.notes === 'yes' }) }
}

/**
 * The report page of `person` for `choice`. Only what was chosen leaves here: the figures of the chosen trackers,
 * and the day notes only when chosen. `sharedUntil`: a share's expiry, said in its foot.
 */
export async function renderReport(deps: ReportDeps, person: UserRow, choice: ReportChoice, sharedUntil?: number): Promise<string> {
  const id = person.id
  const [days, own, sports] = await Promise.all([
    deps.stores.checkIns.list(id, choice.from, choice.to),
    deps.stores.trackers.list(id),
    choice.trackers.includes('sports') ? deps.stores.sports.list(id) : [],
  ])
  const dates = datesFrom(choice.from, choice.to)
  const byDate = new Map(days.map((day) => [day.date, day]))
  const lang = person.language
  return reportDocument({
    lang, dateFormat: person.dateFormat, name: person.name, from: choice.from, to: choice.to, dates,
    figures: figuresOf(choice.trackers, { lang, dates, days: byDate, own, sports }),
    notes: choice.notes ? days.filter((day) => day.note).map((day) => ({ date: day.date, text: day.note! })).reverse() : undefined,
    today: userToday(person, deps.clock),
    sharedUntil: sharedUntil === undefined ? undefined : localDate(sharedUntil, person.timezone),
  })
}
