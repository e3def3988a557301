import type { Deps } from '../../lib/deps'
import type { Actor } from '../auth/tokens'
import { encryptSecret } from '../../lib/crypto'
import { f, validate } from '../../lib/validation'
import { saveUserColumns } from './lookup'
import { pickFieldName } from './aliased-fields'

/**
 * users.md 6.1: `key` (alias `api_key`). A value is stored only as AES-256-GCM ciphertext under APP_KEY;
 * absent, null or empty deletes the stored key. The plain key is never returned or logged.
 */
export function updateAiKey(deps: Pick<Deps, 'db' | 'clock' | 'appKey'>, actor: Actor, input: Record<string, unknown>): void {
  const field = pickFieldName(input, 'key', 'api_key')
  const values = validate(input, { [field]: f.string().max(255) })
  const plain = values[field] as string | undefined
  saveUserColumns(deps, actor.user.id, { aiKeyCipher: plain === undefined ? null : encryptSecret(deps.appKey, plain) })
}
