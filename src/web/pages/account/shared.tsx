/**
 * Shapes of the account endpoints (docs/api/auth.md §1.2, 1.3), as the API declares them, and the bits the sections
 * share.
 */
import type { ComponentChildren } from 'preact'
import type { ApiData } from '../../lib/api-types'

export type Passkey = ApiData<'get', '/auth/passkeys'>[number]
export type SessionToken = ApiData<'get', '/auth/tokens'>[number]

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
