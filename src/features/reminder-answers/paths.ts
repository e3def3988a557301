import { API } from '../../lib/http/schemas'

/** Where an ntfy action posts its signed answer: POST {PUBLIC_URL}/api/v1/reminder-answers/{token}. */
export const REMINDER_ANSWERS_PATH = `${API}/reminder-answers`
