import { t } from 'elysia'

/** docs/api/auth.md §3.1: the health answer, without the envelope. */
export const Health = t.Object({ status: t.String(), timestamp: t.String(), app: t.String(), version: t.String() })
