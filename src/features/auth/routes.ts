import { Elysia } from 'elysia'
import type { Deps } from '../../lib/deps'
import { sessionRoutes } from './session-routes'
import { accountRoutes } from './account-routes'
import { ownAccountRoutes } from './own-account-routes'
import { accountLinkRoutes } from './account-link-routes'

/**
 * auth: accounts and their credentials. Sign-in, sessions and passkeys live under /auth; password changes,
 * account updates and deletion, and an admin's help for a member, under /users (docs/api/users.md §4, 8.2–8.6). No prefix of its own, since Elysia adds a
 * plugin's prefix to the routes of the plugins it mounts.
 */
export function authRoutes(deps: Deps) {
  return new Elysia({ name: 'auth' })
    .use(sessionRoutes(deps))
    .use(accountRoutes(deps))
    .use(ownAccountRoutes(deps))
    .use(accountLinkRoutes(deps))
}
