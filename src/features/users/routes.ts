import { Elysia } from 'elysia'
import type { Deps } from '../../lib/deps'
import { meRoutes } from './routes-me'
import { settingsRoutes } from './routes-settings'
import { adminRoutes } from './routes-admin'

/** users.md: the caller's account, settings and user administration. Public files: storage-routes.ts. */
export function usersRoutes(deps: Deps) {
  return new Elysia({ name: 'users' })
    .use(meRoutes(deps))
    .use(settingsRoutes(deps))
    .use(adminRoutes(deps))
}
