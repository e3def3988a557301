/** Where a user's alert goes: their linked chat (if it takes the kind), then their enabled channels that take it. */
import { and, eq, isNull } from 'drizzle-orm'
import type { Deps } from '../../lib/deps'
import type { UserRow } from '../users/schema'
import { notificationChannels, type ChannelRow } from './schema'
import { sendToChannel } from './send'
import { reminderMessage } from './texts'
import type { AlertChat } from './alert-chat'
import type { Target } from './deliver'
import { getTimesOf, type AlertKind } from './times'
import { checkInLink, checkInPage } from '../reminder-answers/day-pass'

/** A chat with the users it serves, read once per tick. */
export interface SubscribedChat { chat: AlertChat; users: Map<string, ReadonlySet<AlertKind>> }

/** Users with at least one enabled channel. */
export function usersWithChannels(deps: Pick<Deps, 'db'>): string[] {
  return deps.db.selectDistinct({ userId: notificationChannels.userId }).from(notificationChannels)
    .where(isNull(notificationChannels.disabledReason)).all().map((r) => r.userId)
}

/** Each alert's switch on a channel. */
const SWITCH = { your_day: notificationChannels.yourDay, check_in: notificationChannels.checkIn, weekly: notificationChannels.weekly }

/** The user's enabled channels that take `kind`. */
function channelsFor(deps: Pick<Deps, 'db'>, userId: string, kind: AlertKind): ChannelRow[] {
  return deps.db.select().from(notificationChannels)
    .where(and(eq(notificationChannels.userId, userId), isNull(notificationChannels.disabledReason), eq(SWITCH[kind], true)))
    .orderBy(notificationChannels.id).all()
}

/** The chat's own switches are the daily alerts'; the weekly summary's is in the user's notification settings. */
function chatTakes(deps: Pick<Deps, 'db'>, kinds: ReadonlySet<AlertKind> | undefined, userId: string, kind: AlertKind): boolean {
  if (kinds === undefined) return false
  return kind === 'weekly' ? getTimesOf(deps, userId).weekly_telegram : kinds.has(kind)
}

function chatTarget(chat: AlertChat, userId: string): Target {
  return {
    channel: chat.channel,
    reminderText: (date, own) => chat.reminderText(date, own),
    send: (message) => chat.send(userId, message),
    // A chat that blocked the bot or is gone was unlinked by the chat bot; nothing else stops.
    stop: () => {},
  }
}

/**
 * An e-mail's or webhook's check-in reminder links the day's check-in with its signed day pass
 * (docs/api/notifications.md §7.3): both reach only the person. An ntfy topic may be read by others, so it keeps the
 * plain link (and answers only the mood, §7.2).
 */
function reminderLink(deps: Deps, channel: ChannelRow, userId: string, date: string): string {
  return channel.type === 'ntfy' ? checkInPage(deps, date) : checkInLink(deps, userId, date)
}

/** A permanent failure stops the channel with the reason its list shows, until the user updates it. */
function channelTarget(deps: Deps, channel: ChannelRow, user: UserRow): Target {
  const recipient = { id: user.id, email: user.email, language: user.language }
  return {
    channel: String(channel.id),
    reminderText: (date, own) => reminderMessage(user.language, reminderLink(deps, channel, user.id, date), own),
    send: (message) => sendToChannel(deps, channel, recipient, message),
    stop(error) {
      const now = deps.clock.now()
      deps.db.update(notificationChannels).set({ disabledReason: error, disabledAt: now, updatedAt: now })
        .where(eq(notificationChannels.id, channel.id)).run()
    },
  }
}

export function targetsOf(deps: Deps, user: UserRow, kind: AlertKind, chats: SubscribedChat[]): Target[] {
  const targets: Target[] = []
  for (const { chat, users } of chats) if (chatTakes(deps, users.get(user.id), user.id, kind)) targets.push(chatTarget(chat, user.id))
  for (const channel of channelsFor(deps, user.id, kind)) targets.push(channelTarget(deps, channel, user))
  return targets
}
