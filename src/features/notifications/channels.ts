/** The channels of the signed-in user: list, create, choose the alerts (re-enabling), delete, send a test. */
import { and, count, eq } from 'drizzle-orm'
import type { Static } from 'elysia'
import type { Deps } from '../../lib/deps'
import type { Actor } from '../../lib/actor'
import { isoOrNull, iso } from '../../lib/clock'
import { encryptSecret, randomHex } from '../../lib/crypto'
import { NotFoundError, ValidationError, type FieldErrors } from '../../lib/errors'
import { emailDelivery } from '../../lib/mailer'
import { checkDestination, SafeFetchError } from '../../lib/safe-fetch'
import { readStringList } from '../../lib/stored-json'
import { userToday } from '../../lib/local-time'
import { throwIfErrors } from '../../lib/validation'
import { notificationChannels, type ChannelRow } from './schema'
import { Channel, ChannelCreateBody, ChannelUpdateBody, MAX_CHANNELS, type TestResult } from './model'
import { refuseSameTarget } from './same-target'
import { sendToChannel } from './send'
import { testMessage } from './texts'

/** The wire shape declared once in model.ts, with the type narrowed to the stored kinds. */
export type ChannelView = Omit<Static<typeof Channel>, 'type'> & { type: ChannelRow['type'] }

export function presentChannel(row: ChannelRow): ChannelView {
  return {
    id: row.id,
    type: row.type,
    url: row.url,
    has_token: row.tokenCipher !== null,
    priority: row.type === 'ntfy' ? row.priority ?? 3 : null,
    tags: (row.tags ? readStringList(row.tags) : undefined) ?? [],
    your_day: row.yourDay,
    check_in: row.checkIn,
    weekly: row.weekly,
    enabled: row.disabledReason === null,
    disabled_reason: row.disabledReason,
    disabled_at: isoOrNull(row.disabledAt),
    created_at: iso(row.createdAt),
  }
}

export function listChannels(deps: Pick<Deps, 'db'>, actor: Actor): ChannelView[] {
  return deps.db.select().from(notificationChannels).where(eq(notificationChannels.userId, actor.user.id))
    .orderBy(notificationChannels.id).all().map(presentChannel)
}

/** Another user's channel is as unknown as a missing one. */
function findOwnChannel(deps: { db: Pick<Deps['db'], 'select'> }, actor: Actor, id: string): ChannelRow {
  const row = deps.db.select().from(notificationChannels)
    .where(and(eq(notificationChannels.id, Number(id)), eq(notificationChannels.userId, actor.user.id))).get()
  if (!row) throw new NotFoundError()
  return row
}

/** The message a private address gets: the person cannot change it, the admin can (README "Configuration"). */
const PRIVATE_ADDRESS = 'The url field leads to a private or local network address, which the server\'s admin must allow for notifications first.'

/** The URL must be http(s) with a topic (ntfy) and lead to an address the guard allows. */
async function checkUrl(deps: Deps, type: string, url: string | undefined, errors: FieldErrors): Promise<void> {
  if (url === undefined) {
    errors.url = [`The url field is required when type is ${type}.`]
    return
  }
  if (type === 'ntfy' && new URL(url).pathname.replace(/\/$/, '').split('/').at(-1) === '') {
    errors.url = ['The url field must be an ntfy topic URL, such as https://ntfy.sh/my-topic.']
    return
  }
  try {
    await checkDestination(url, { allowPrivate: deps.config.notifyAllowPrivate })
  } catch (err) {
    if (!(err instanceof SafeFetchError)) throw err
    errors.url = [err.reason === 'address' ? PRIVATE_ADDRESS : 'The url field must name a host that can be resolved.']
  }
}

const NO_URL_FOR_EMAIL = 'The url field is prohibited for e-mail channels.'

export async function createChannel(deps: Deps, actor: Actor, input: Record<string, unknown>): Promise<ChannelView & { secret?: string }> {
  const values = ChannelCreateBody.validate(input)
  const errors: FieldErrors = {}
  if (values.type !== 'email') await checkUrl(deps, values.type, values.url, errors)
  else if (values.url !== undefined) errors.url = [NO_URL_FOR_EMAIL]
  if (values.type !== 'ntfy') {
    for (const key of ['token', 'priority', 'tags'] as const) if (values[key] !== undefined) errors[key] = [`The ${key} field is only for ntfy channels.`]
  }
  throwIfErrors(errors)
  const url = values.type === 'email' ? null : values.url!
  const secret = values.type === 'webhook' ? randomHex(32) : undefined
  const now = deps.clock.now()
  const row = deps.db.transaction((tx) => {
    refuseSameTarget(tx, actor.user.id, values.type, url)
    const owned = tx.select({ n: count() }).from(notificationChannels).where(eq(notificationChannels.userId, actor.user.id)).get()!.n
    if (owned >= MAX_CHANNELS) throw new ValidationError({ type: [`You can have at most ${MAX_CHANNELS} channels.`] })
    return tx.insert(notificationChannels).values({
      userId: actor.user.id,
      type: values.type,
      url,
      tokenCipher: values.token === undefined ? null : encryptSecret(deps.appKey, values.token),
      secretCipher: secret === undefined ? null : encryptSecret(deps.appKey, secret),
      priority: values.type === 'ntfy' ? values.priority ?? 3 : null,
      tags: values.tags === undefined ? null : JSON.stringify(values.tags),
      yourDay: values.your_day ?? true,
      checkIn: values.check_in ?? true,
      weekly: values.weekly ?? false,
      createdAt: now,
      updatedAt: now,
    }).returning().get()
  })
  return secret === undefined ? presentChannel(row) : { ...presentChannel(row), secret }
}

/**
 * Sets the alerts sent to the channel and, for ntfy and webhook, its URL (checked as at creation, and never the
 * target of another of the user's channels); a channel stopped by a permanent failure is enabled again.
 */
export async function updateChannel(deps: Deps, actor: Actor, id: string, input: Record<string, unknown>): Promise<ChannelView> {
  const found = findOwnChannel(deps, actor, id)
  const values = ChannelUpdateBody.validate(input)
  if (values.url !== undefined) {
    const errors: FieldErrors = {}
    if (found.type === 'email') errors.url = [NO_URL_FOR_EMAIL]
    else await checkUrl(deps, found.type, values.url, errors)
    throwIfErrors(errors)
  }
  return deps.db.transaction((tx) => {
    // Read again after the address lookup: the channel may have been deleted meanwhile.
    const row = findOwnChannel({ db: tx }, actor, id)
    if (values.url !== undefined) refuseSameTarget(tx, actor.user.id, row.type, values.url, row.id)
    const updated = tx.update(notificationChannels).set({
      url: values.url ?? row.url,
      yourDay: values.your_day ?? row.yourDay,
      checkIn: values.check_in ?? row.checkIn,
      weekly: values.weekly ?? row.weekly,
      disabledReason: null,
      disabledAt: null,
      updatedAt: deps.clock.now(),
    }).where(eq(notificationChannels.id, row.id)).returning().get()
    return presentChannel(updated!)
  })
}

export function deleteChannel(deps: Pick<Deps, 'db'>, actor: Actor, id: string): null {
  const row = findOwnChannel(deps, actor, id)
  deps.db.delete(notificationChannels).where(eq(notificationChannels.id, row.id)).run()
  return null
}

/** Sends a test message now and says where an e-mail went; the channel's state is left as it is. */
export async function testChannel(deps: Deps, actor: Actor, id: string): Promise<Static<typeof TestResult>> {
  const row = findOwnChannel(deps, actor, id)
  const user = { id: actor.user.id, email: actor.user.email, language: actor.user.language }
  const result = await sendToChannel(deps, row, user, { kind: 'test', date: userToday(actor.user, deps.clock), text: testMessage(user.language) })
  const email_delivery = row.type === 'email' ? emailDelivery(deps.config) : null
  return result.status === 'sent' ? { delivered: true, error: null, email_delivery } : { delivered: false, error: result.error, email_delivery }
}
