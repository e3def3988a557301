/** Validation rules shared by the account endpoints and `daybook user …`. */
import { f } from '../../lib/validation'
import { PLATFORMS } from './tokens'

export const PASSWORD_MIN = 12
export const PASSWORD_MAX = 1024

/**
 * The password rule of docs/api/auth.md §2 (12–1024 characters, never trimmed); the max check runs before any hashing.
 */
export const newPasswordField = () => f.string().required().raw().min(PASSWORD_MIN).max(PASSWORD_MAX)

/** `platform`: optional, one of web, mobile, desktop (callers apply their own default). */
export const platformField = () => f.string().oneOf(PLATFORMS)
