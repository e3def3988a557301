import { Elysia } from 'elysia'
import type { Deps } from '../../lib/deps'

export function chatbotRoutes(deps: Deps) {
  void deps
  return new Elysia({ name: 'chatbot' })
}
