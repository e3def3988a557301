/** The /todos answer (docs/api/chatbot.md §5.6). */
import type { Deps } from '../../lib/deps'
import type { UserRow } from '../users/schema'
import { listOpenTodos } from '../libraries/queries'
import { NO_TODOS } from './texts'

const MAX_LINES = 50

/** Open todos, due date ascending with undated ones last, then created_at; at most 50 lines. */
export async function todoListText(deps: Deps, user: UserRow): Promise<string> {
  const todos = await listOpenTodos(deps, user.id)
  if (todos.length === 0) return NO_TODOS
  const lines = todos.slice(0, MAX_LINES).map((t) => `- ${typeof t.title === 'string' ? t.title : ''}`)
  if (todos.length > MAX_LINES) lines.push(`- … and ${todos.length - MAX_LINES} more`)
  return lines.join('\n')
}
