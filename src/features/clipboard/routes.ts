import { Elysia } from 'elysia'
import type { Deps } from '../../lib/deps'

export function clipboardRoutes(deps: Deps) {
  void deps
  return new Elysia({ name: 'clipboard' })
}
