/** The your-day text (docs/api/chatbot.md §6.3): the morning alert on every channel, and the bot's answer to /day. */
import type { Deps } from '../../lib/deps'
import { cutText } from '../../lib/telegram'
import type { UserRow } from '../users/schema'
import { listOpenTodos, listQuotes } from '../libraries/queries'
import type { LibraryItem } from '../libraries/present'
import { checkInRuns } from '../streaks/streaks'
import { activeTrackerNames } from '../trackers/trackers'
import { weatherLine } from '../weather/forecast'
import { yourDayInsight } from './your-day-insight'

const MAX_TASK_LINES = 20
const MAX_QUOTE = 500

const text = (value: unknown): string | undefined => typeof value === 'string' && value !== '' ? value : undefined

function tasksBlock(todos: LibraryItem[], date: string): string {
  // Open todos due on or before the local date; listOpenTodos already orders by due_at, then created_at.
  const due = todos.filter((t) => { const d = text(t.due_at); return d !== undefined && d <= date })
  if (due.length === 0) return 'No tasks due today.'
  const lines = due.slice(0, MAX_TASK_LINES).map((t) => `• ${text(t.title) ?? ''}${(t.due_at as string) < date ? ' (overdue)' : ''}`)
  if (due.length > MAX_TASK_LINES) lines.push(`• … and ${due.length - MAX_TASK_LINES} more`)
  return [`Tasks (${due.length}):`, ...lines].join('\n')
}

function quoteBlock(quotes: LibraryItem[]): string | undefined {
  if (quotes.length === 0) return undefined
  const pick = quotes[Math.floor(Math.random() * quotes.length)]!
  const author = text(pick.author)
  return `Quote:\n"${cutText(text(pick.quote) ?? '', MAX_QUOTE)}"${author ? ` — ${author}` : ''}`
}

/** The check-in line, with the run of days the person keeps (docs/api/streaks.md §1) when one is going. */
async function checkInBlock(deps: Deps, user: UserRow, date: string): Promise<string> {
  const lines = [`Check-in: ${await deps.stores.checkIns.hasOn(user.id, date) ? 'done' : 'not done yet'}`]
  const own = await activeTrackerNames(deps, user.id)
  if (own.length > 0) lines.push(`Your trackers: ${own.join(', ')}`)
  const { current } = await checkInRuns(deps, user)
  if (current > 0) lines.push(`Streak: ${current} ${current === 1 ? 'day' : 'days'}`)
  return lines.join('\n')
}

/** A strong insight the message has not said lately (your-day-insight.ts), in the person's language. */
async function insightBlock(deps: Deps, user: UserRow, date: string): Promise<string | undefined> {
  const line = await yourDayInsight(deps, user, date)
  return line === undefined ? undefined : `Insight: ${line}`
}

/** The summary of `date` (the user's local date) for the user. */
export async function yourDayText(deps: Deps, user: UserRow, date: string): Promise<string> {
  // The weather's line is there only when it could be had in time (features/weather: a short deadline, a cache).
  const weather = await weatherLine(deps, user, date)
  const blocks = [
    ['Your Day Ahead', weather, tasksBlock(await listOpenTodos(deps, user.id), date)].filter((line) => line !== undefined).join('\n'),
    await checkInBlock(deps, user, date),
    await insightBlock(deps, user, date),
    quoteBlock(await listQuotes(deps, user.id)),
    `Open daybook: ${deps.config.frontendUrl}/`,
  ]
  return blocks.filter((b) => b !== undefined).join('\n\n')
}
