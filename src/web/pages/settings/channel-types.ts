/** A notification channel as the API presents it (src/features/notifications/model.ts). */
export interface Channel {
  id: number
  type: 'email' | 'ntfy' | 'webhook'
  url: string | null
  has_token: boolean
  priority: number | null
  tags: string[]
  your_day: boolean
  check_in: boolean
  enabled: boolean
  disabled_reason: string | null
  disabled_at: string | null
  created_at: string
}

export type CreatedChannel = Channel & { secret?: string }
