/**
 * The narrow interface through which the alerts reach a chat app. The chat bot feature implements it for
 * Telegram and src/jobs.ts hands it to the alert tick, so notifications decides what is due and keeps the
 * delivery log while the chat bot keeps its pairing, toggles and sending (and no feature imports the other both ways).
 */
import type { ChannelMessage, SendResult } from './send'
import type { AlertKind } from './times'

export interface AlertChat {
  /** its name in the delivery log */
  readonly channel: string
  /** the users with a linked chat, each with the alerts they turned on there */
  subscribers(): Map<string, ReadonlySet<AlertKind>>
  /**
   * the chat's own wording of the check-in reminder for `date`, naming the person's own trackers (the your-day text
   * is the same on every channel)
   */
  reminderText(date: string, ownTrackers: readonly string[]): string
  /** sends the message to the user's linked chat (a check-in reminder with its answer buttons, docs/api/chatbot.md §6.4) */
  send(userId: string, message: ChannelMessage): Promise<SendResult>
}
