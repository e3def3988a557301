import { Elysia } from 'elysia'
import type { Deps } from '../../lib/deps'

export function exportRoutes(deps: Deps) {
  void deps
  return new Elysia({ name: 'export' })
}
