/** A ZIP archive as an attachment (exports, backups): never cached, never sniffed. */
export function zipDownload(path: string, size: number, fileName: string): Response {
  return new Response(Bun.file(path), {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Length': String(size),
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
