/** The chat notifications of docs/api/export.md §9 (plain texts; no e-mail). */
import type { Deps } from '../../lib/deps'
import { notifyUser } from '../chatbot/notify'

export function exportReadyText(frontendUrl: string): string {
  return `Export Ready\nYour data export is ready to download.\nDownload Export: ${frontendUrl}/settings?tab=export`
}

export function exportFailedText(frontendUrl: string): string {
  return `Export Failed\nYour data export could not be completed. Please try again.\nOpen Settings: ${frontendUrl}/settings?tab=export`
}

/** Tells the user's linked chat, if any, how their export ended. Never throws (notifyUser logs failures). */
export async function notifyExportEnded(deps: Deps, userId: string, completed: boolean): Promise<void> {
  const text = completed ? exportReadyText(deps.config.frontendUrl) : exportFailedText(deps.config.frontendUrl)
  await notifyUser(deps, userId, text)
}
