/** The key a definition's name is unique by: the same name in another case is the same tracker (or activity). */
export const nameKey = (name: string) => name.normalize('NFC').toLowerCase()

/** A definition's id from its path segment (the route checks that it is a positive integer). */
export const idOf = (segment: string) => Number(segment)
