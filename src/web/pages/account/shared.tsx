/** Shapes of the account endpoints (auth.md 1.2, 1.3) and the bits the sections share. */
import type { ComponentChildren } from 'preact'

export interface Passkey {
  id: string; name: string; created_at: string; last_used_at: string | null
  transports: string[] | null; aaguid: string | null
}

export interface SessionToken {
  id: number; name: string; created_at: string; last_used_at: string | null; expires_at: string; is_current: boolean
}

/** A success or info line after an action; errors go through ErrorNotice. */
export interface Note { kind: 'success' | 'info' | 'error'; text: string }

/** Label and value pairs under a list item's title. */
export function Meta({ items }: { items: [label: string, value: ComponentChildren][] }) {
  return (
    <dl class="account-meta">
      {items.map(([label, value]) => <div key={label}><dt>{label}</dt><dd>{value}</dd></div>)}
    </dl>
  )
}
