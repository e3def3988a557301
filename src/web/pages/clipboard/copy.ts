/**
 * Putting an entry back on the system clipboard. Browsers take images only as PNG, so other formats are
 * drawn onto a canvas and re-encoded. The blob is handed over as a promise so the write starts within the
 * click (Safari drops the permission once the click's task has ended).
 */
export const copyText = (text: string) => navigator.clipboard.writeText(text)

export function copyImage(url: string): Promise<void> {
  const png = fetch(url).then(async (response) => {
    if (!response.ok) throw new Error(`image answered ${response.status}`)
    const blob = await response.blob()
    return blob.type === 'image/png' ? blob : toPng(blob)
  })
  return navigator.clipboard.write([new ClipboardItem({ 'image/png': png })])
}

async function toPng(blob: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(blob)
  const canvas = document.createElement('canvas')
  canvas.width = bitmap.width
  canvas.height = bitmap.height
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0)
  bitmap.close()
  return new Promise((resolve, reject) => canvas.toBlob((png) => (png ? resolve(png) : reject(new Error('PNG encoding failed'))), 'image/png'))
}
