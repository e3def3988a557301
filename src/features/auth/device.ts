/**
 * A signed-in device in words (docs/api/auth.md §1.2): the browser and system bowser reads from the User-Agent a
 * token was issued to, so a person can tell "Firefox on Linux" from "Safari on iPhone".
 */
import Bowser from 'bowser'
import type { Platform } from '../../lib/actor'

/** What is kept of a User-Agent: real ones are 100–300 characters; a longer one is a client's padding. */
export const USER_AGENT_MAX = 512

/** The User-Agent as stored: absent or blank is null; cut to USER_AGENT_MAX code points. */
export function storedUserAgent(header: string | null): string | null {
  const trimmed = header?.trim()
  if (!trimmed) return null
  return trimmed.length <= USER_AGENT_MAX ? trimmed : Array.from(trimmed).slice(0, USER_AGENT_MAX).join('')
}

export interface Device {
  /** e.g. "Firefox", "daybook app"; null when the User-Agent names none */
  browser: string | null
  /** e.g. "Linux", "iPhone"; null when unknown */
  system: string | null
  /** both in English words: "Firefox on Linux", or one of them, or "Mobile app" / "Desktop app" / "Unknown device" */
  device: string
}

/** The daybook apps name themselves in their User-Agent. */
const OWN_APP = /\bdaybook\b/i

/** An iPhone or iPad says more than "iOS" does. */
function systemOf(parsed: Bowser.Parser.ParsedResult): string | null {
  const model = parsed.platform.model
  if (parsed.os.name === 'iOS' && (model === 'iPhone' || model === 'iPad')) return model
  return parsed.os.name || null
}

const PLATFORM_FALLBACK: Record<Platform, string> = { web: 'Unknown device', mobile: 'Mobile app', desktop: 'Desktop app' }

export function describeDevice(userAgent: string | null, platform: Platform): Device {
  const parsed = userAgent ? Bowser.parse(userAgent) : undefined
  const browser = userAgent && OWN_APP.test(userAgent) ? 'daybook app' : (parsed?.browser.name || null)
  const system = parsed ? systemOf(parsed) : null
  const device = browser && system ? `${browser} on ${system}` : (browser ?? system ?? PLATFORM_FALLBACK[platform])
  return { browser, system, device }
}
