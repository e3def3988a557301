import type { Deps } from '../../lib/deps'
import type { Actor } from '../../lib/actor'
import { encryptSecret } from '../../lib/crypto'
import type { Unchecked } from '../../lib/validation'
import { saveUserColumns } from './lookup'
import { pickFieldName } from './aliased-fields'
import { AiKeyBody } from './settings-model'

/**
 * docs/api/users.md §6.1: a value is stored only as AES-256-GCM ciphertext under APP_KEY; absent, null or empty deletes
 * the stored key. The plain key is never returned or logged.
 */
export function updateAiKey(deps: Pick<Deps, 'db' | 'clock' | 'appKey'>, actor: Actor, input: Unchecked<typeof AiKeyBody>): void {
  const { key: plain } = AiKeyBody.validate(input, { key: pickFieldName(input, 'key', 'api_key') })
  saveUserColumns(deps, actor.user.id, { aiKeyCipher: plain === undefined ? null : encryptSecret(deps.appKey, plain) })
}
