/** Where uploaded archives wait for their job: `$DATA_DIR/imports/import_{id}.zip` (0600, folder 0700). */
import { join } from 'node:path'

export function importsDir(dataDir: string): string {
  return join(dataDir, 'imports')
}

/** `jobId` always comes from the database. */
export function uploadPath(dataDir: string, jobId: number): string {
  return join(importsDir(dataDir), `import_${jobId}.zip`)
}

/** Another app's file: its format and the mapping, beside the upload (`import_{id}.json`). */
export function formatPath(dataDir: string, jobId: number): string {
  return join(importsDir(dataDir), `import_${jobId}.json`)
}

export function jobIdOfUpload(fileName: string): number | undefined {
  const m = /^import_([1-9][0-9]{0,15})\.(zip|json)$/.exec(fileName)
  return m ? Number(m[1]) : undefined
}
