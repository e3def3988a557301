/** "PNG" from "image/png". */
export const formatName = (mime: string) => mime.replace(/^image\//, '').toUpperCase()
