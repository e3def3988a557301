/** "Single URL" and its normalized form (docs/api/quick-add.md §3.1). */
export interface SingleUrl {
  url: URL
  /** the parsed URL's href (with https:// put in front of www. input) */
  href: string
  /** the lowercased host name as parsed (domain matching ignores a trailing dot) */
  hostname: string
}

/** The trimmed input as a single URL, or undefined when it is text. */
export function parseSingleUrl(input: string): SingleUrl | undefined {
  if (input === '' || /\s/u.test(input)) return undefined
  let candidate: string
  if (/^https?:\/\//i.test(input)) candidate = input
  else if (/^www\./i.test(input)) candidate = 'https://' + input
  else return undefined
  const url = URL.parse(candidate)
  if (!url || url.hostname === '') return undefined
  return { url, href: url.href, hostname: url.hostname.toLowerCase() }
}
