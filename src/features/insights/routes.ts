import { Elysia } from 'elysia'
import type { Deps } from '../../lib/deps'
import { guard } from '../../lib/http/guard'
import { ok } from '../../lib/http/envelope'
import { API } from '../../lib/http/schemas'
import { InsightsEnvelope, InsightsQuery } from './model'
import { showInsights } from './insights'

const tags = ['insights']

/** docs/api/insights.md */
export function insightsRoutes(deps: Deps) {
  return new Elysia({ name: 'insights', prefix: `${API}/insights` })
    .use(guard(deps))
    .get('', async ({ actor, query }) => ok(deps.clock, 'Insights retrieved successfully.', await showInsights(deps, actor, query)), {
      auth: 'user', query: InsightsQuery.checkedByVerb, response: { 200: InsightsEnvelope },
      detail: { tags, summary: 'What my days say: associations between trackers, weekday means, trends, best and worst weeks' },
    })
}
