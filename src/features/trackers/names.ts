/** The key a definition's name is unique by: the same name in another case is the same tracker (or activity). */
export const nameKey = (name: string) => name.normalize('NFC').toLowerCase()

/** Ids are UUIDs compared case-insensitively (the route checks the form). */
export const idKey = (id: string) => id.toLowerCase()
