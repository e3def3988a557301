import { Elysia } from 'elysia'
import type { Deps } from '../../lib/deps'

export function friendsRoutes(deps: Deps) {
  void deps
  return new Elysia({ name: 'friends' })
}
