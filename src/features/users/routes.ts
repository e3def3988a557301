import { Elysia } from 'elysia'
import type { Deps } from '../../lib/deps'
import { meRoutes } from './me-routes'
import { settingsRoutes } from './settings-routes'
import { adminRoutes } from './admin-routes'
import { storageRoutes } from './storage-routes'

/**
 * docs/api/users.md: the caller's account, settings and user administration, and the public user files. No prefix of
 * its own: the files are served outside the API (/storage/user), so each sub-router carries its full prefix.
 */
export function usersRoutes(deps: Deps) {
  return new Elysia({ name: 'users' })
    .use(meRoutes(deps))
    .use(settingsRoutes(deps))
    .use(adminRoutes(deps))
    .use(storageRoutes(deps))
}
