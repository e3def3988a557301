import { Elysia } from 'elysia'
import type { Deps } from '../../lib/deps'
import { guard } from '../../lib/http/guard'
import { ok } from '../../lib/http/envelope'
import { API } from '../../lib/http/schemas'
import { StreakRulesBody, StreakRulesEnvelope, StreaksEnvelope } from './model'
import { showStreaks, updateStreakRules } from './streaks'

const tags = ['streaks']

/** docs/api/streaks.md */
export function streaksRoutes(deps: Deps) {
  return new Elysia({ name: 'streaks', prefix: `${API}/streaks` })
    .use(guard(deps))
    .get('', async ({ actor }) => ok(deps.clock, 'Streaks retrieved successfully.', await showStreaks(deps, actor)),
      { auth: 'user', response: { 200: StreaksEnvelope }, detail: { tags, summary: 'My check-in streak and one per yes/no tracker' } })
    .put('/rules', ({ actor, body }) => ok(deps.clock, 'Streak rules updated successfully.', updateStreakRules(deps, actor, body)),
      { auth: 'user', parse: 'json', body: StreakRulesBody.checkedByVerb, response: { 200: StreakRulesEnvelope },
        detail: { tags, summary: 'Set the skip days per month, the paused ranges and sharing' } })
}
