/** The domain lists of detection (docs/api/quick-add.md §3.3) and the game platform defaults of commit (§6.1). */
export type UrlContentType = 'music' | 'books' | 'movies' | 'games' | 'recipes'

/** In rule order: the first list whose domain matches decides. */
export const DOMAIN_LISTS: readonly (readonly [UrlContentType, readonly string[]])[] = [
  ['music', ['deezer.com', 'deezer.page.link', 'discogs.com', 'spotify.com', 'spotify.link', 'music.apple.com', 'bandcamp.com',
    'musicbrainz.org', 'soundcloud.com', 'tidal.com', 'music.youtube.com', 'last.fm']],
  ['books', ['goodreads.com', 'hardcover.app', 'openlibrary.org', 'thestorygraph.com', 'librarything.com', 'isbndb.com']],
  ['movies', ['imdb.com', 'themoviedb.org', 'letterboxd.com', 'boxd.it', 'trakt.tv', 'rottentomatoes.com']],
  ['games', ['store.steampowered.com', 'gog.com', 'itch.io', 'store.epicgames.com', 'store.playstation.com', 'igdb.com',
    'boardgamegeek.com']],
  ['recipes', ['chefkoch.de', 'allrecipes.com', 'bbcgoodfood.com', 'seriouseats.com', 'epicurious.com', 'food.com',
    'foodnetwork.com', 'bonappetit.com', 'simplyrecipes.com', 'budgetbytes.com', 'cooking.nytimes.com', 'kitchenstories.com',
    'marmiton.org', 'lecker.de', 'eatsmarter.de', 'recetasgratis.net']],
]

const GAME_PLATFORM_DOMAINS: readonly (readonly [string, string])[] = [
  ['store.steampowered.com', 'pc'], ['gog.com', 'pc'], ['itch.io', 'pc'], ['store.epicgames.com', 'pc'],
  ['store.playstation.com', 'playstation'], ['boardgamegeek.com', 'boardgame'],
]

/** Lowercased host name without a trailing dot. */
export function normalizeHost(hostname: string): string {
  return hostname.toLowerCase().replace(/\.$/, '')
}

/** `host` is `domain` or one of its subdomains (www.imdb.com and m.imdb.com match imdb.com). */
export function hostMatches(host: string, domain: string): boolean {
  const h = normalizeHost(host)
  return h === domain || h.endsWith('.' + domain)
}

export function urlTypeForHost(host: string): UrlContentType | undefined {
  return DOMAIN_LISTS.find(([, domains]) => domains.some((d) => hostMatches(host, d)))?.[0]
}

/** The platform a game gets when none is given: from the store's host, `other` for anything else. */
export function defaultGamePlatform(host: string | undefined): string {
  if (host === undefined) return 'other'
  return GAME_PLATFORM_DOMAINS.find(([domain]) => hostMatches(host, domain))?.[1] ?? 'other'
}
