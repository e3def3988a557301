import { Elysia } from 'elysia'
import type { Deps } from '../../lib/deps'

export function checkInRoutes(deps: Deps) {
  void deps
  return new Elysia({ name: 'check-in' })
}
