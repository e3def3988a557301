/** notes: one `notes/{name}.md` per note holding its content verbatim; no folder when there are none. */
import type { FeatureWriter } from '../scope'
import { libraryData, libraryItemPages, str } from './library-items'
import { NoteNames } from './note-names'

export const notesWriter: FeatureWriter = {
  async writeFiles(scope) {
    const names = new NoteNames()
    let count = 0
    for await (const page of libraryItemPages(scope, 'notes')) {
      for (const note of page) {
        await scope.zip.text(`${scope.dir}notes/${names.next(str(note, 'title') ?? '')}`, str(note, 'content') ?? '')
        count += 1
        await scope.pause()
      }
    }
    return { count, files: count > 0 ? ['notes/'] : [] }
  },
  data: libraryData('notes'),
}
