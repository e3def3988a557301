import { Elysia } from 'elysia'
import type { Deps } from '../../lib/deps'

export function librariesRoutes(deps: Deps) {
  void deps
  return new Elysia({ name: 'libraries' })
}
