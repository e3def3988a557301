/**
 * Insights read through the stores alike on both engines (docs/scaling.md): the same requests answer the same bodies
 * with SQLite and with PostgreSQL behind the app, a kept result included, and a check-in write on PostgreSQL makes
 * it stale as on SQLite.
 */
import { expect, test } from 'bun:test'
import { createTestApp } from '../helpers/app'
import { createUser } from '../helpers/fixtures'
import { appOnPostgres, ask, postgresEngine, usePostgresServer } from '../scaling/engines'
import type { App } from '../../src/app'
import { datesEnding } from './days'

const pg = usePostgresServer()

test('the same days give the same insights on SQLite and PostgreSQL, kept and made stale alike', async () => {
  const base = createTestApp()
  const postgres = await postgresEngine(pg.server(), 'insights_http')
  try {
    const alice = await createUser(base)
    const pgApp = await appOnPostgres(base, postgres)
    const dates = datesEnding('2026-06-23', 30)
    const query = `/api/v1/insights?from=${dates[0]}&to=${dates.at(-1)}`
    const conversation = async (app: App) => {
      const said = (r: { status: number; body: any }) => ({ status: r.status, body: r.body })
      const answers = [
        said(await ask(app, 'POST', '/api/v1/activities', alice.token, { name: 'Walk' })),
        said(await ask(app, 'POST', '/api/v1/trackers', alice.token, { name: 'Weight', kind: 'number', unit: 'kg', decimals: 1 })),
        said(await ask(app, 'POST', '/api/v1/sports', alice.token, { name: 'Climbing' })),
      ]
      const [walk, weight, climbing] = answers.map((a) => a.body.data.id)
      for (const [d, date] of dates.entries()) {
        const walked = d % 3 === 0
        const posted = await ask(app, 'POST', '/api/v1/check-in', alice.token, {
          date, mood: walked ? 5 : 1 + (d % 3), sleep: 1 + (d % 5), values: { [weight]: 70 + (d % 4) / 2 },
          activities: walked ? [walk] : [], sport_ids: d % 2 === 0 ? [climbing] : [3],
        })
        expect(posted.status).toBe(201)
      }
      answers.push(said(await ask(app, 'GET', query, alice.token)))
      answers.push(said(await ask(app, 'GET', query, alice.token)))
      // The walk stops lifting anything: a write, so the next answer is computed anew.
      for (const date of dates.filter((_, d) => d % 3 === 0)) await ask(app, 'POST', '/api/v1/check-in', alice.token, { date, mood: 2 })
      answers.push(said(await ask(app, 'GET', query, alice.token)))
      return answers
    }
    const onPostgres = await conversation(pgApp)
    const onSqlite = await conversation(base.app)
    expect(onPostgres).toEqual(onSqlite)
    const [, , , first, again, after] = onSqlite
    expect(again).toEqual(first)
    expect(first!.body.data.pairs.some((p: any) => String(p.a).startsWith('activity:') && p.b === 'mood' && p.lag === 0)).toBe(true)
    expect(after!.body.data.pairs.some((p: any) => String(p.a).startsWith('activity:') && p.b === 'mood' && p.lag === 0)).toBe(false)
    const [walk, weight, climbing] = onSqlite.slice(0, 3).map((a) => a.body.data.id)
    expect(first!.body.data.series.map((s: any) => s.key)).toEqual(['mood', 'sleep', weight, `activity:${walk}`, 'sport:3', `sport:${climbing}`])
  } finally {
    base.close()
    await postgres.close()
  }
}, 60_000)
