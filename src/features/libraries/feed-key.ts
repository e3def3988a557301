/**
 * The one de-duplication rule of the libraries (docs/api/quick-add.md §6): a user follows a feed URL once. The key is
 * the parsed URL, so one address written two ways is still one subscription; quick add and an edit both keep it.
 */
export const FEED_CONFLICT = 'You are already subscribed to this feed.'

export const feedKey = (url: string): string => new URL(url).href
