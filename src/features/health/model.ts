import { t } from 'elysia'

/** auth.md 3.1: the health answer, without the envelope. */
export const Health = t.Object({ status: t.String(), timestamp: t.String(), app: t.String(), version: t.String() })
