import { Elysia } from 'elysia'
import type { Deps } from '../../lib/deps'

export function authRoutes(deps: Deps) {
  void deps
  return new Elysia({ name: 'auth' })
}
