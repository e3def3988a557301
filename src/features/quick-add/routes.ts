import { Elysia } from 'elysia'
import type { Deps } from '../../lib/deps'

export function quickAddRoutes(deps: Deps) {
  void deps
  return new Elysia({ name: 'quick-add' })
}
