/** links: links.html, a Netscape bookmark file (docs/api/export.md §10.4) with 4-space indented entries. */
import type { FeatureWriter } from '../scope'
import { escapeMarkup as esc } from './markup'
import { libraryData, libraryItemPages, str, tags } from './library-items'
import type { LibraryItem } from '../../libraries/present'
import { writeTextFile } from './text-file'

const HEAD = '<!DOCTYPE NETSCAPE-Bookmark-file-1>\n'
  + '<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">\n'
  + '<TITLE>Bookmarks</TITLE>\n'
  + '<H1>Bookmarks</H1>\n'
  + '<DL><p>\n'
const TAIL = '</DL><p>\n'

function bookmark(link: LibraryItem): string {
  const addDate = Math.floor(Date.parse(link.created_at) / 1000)
  const linkTags = tags(link)
  const tagAttr = linkTags.length > 0 ? ` TAGS="${esc(linkTags.join(','))}"` : ''
  let text = `    <DT><A HREF="${esc(str(link, 'url') ?? '')}" ADD_DATE="${addDate}"${tagAttr}>${esc(str(link, 'title') ?? '')}</A>\n`
  const description = str(link, 'description')
  if (description) text += `    <DD>${esc(description)}\n`
  return text
}

export const linksWriter: FeatureWriter = {
  async writeFiles(scope) {
    const count = await writeTextFile(scope, 'links.html', { head: HEAD, tail: TAIL }, libraryItemPages(scope, 'links'), bookmark)
    return { count, files: ['links.html'] }
  },
  data: libraryData('links'),
}
