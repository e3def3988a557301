import { Elysia } from 'elysia'
import type { Deps } from '../../lib/deps'

export function usersRoutes(deps: Deps) {
  void deps
  return new Elysia({ name: 'users' })
}
