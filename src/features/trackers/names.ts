/** The key a definition's name is unique by: the same name in another case is the same tracker (or activity). */
export const nameKey = (name: string) => name.normalize('NFC').toLowerCase()

/** A definition's id from its path segment (the route checks that it is a positive integer). */
export const idOf = (segment: string) => Number(segment)

/** What every kind of definition's PATCH sets alike: the name (with its key), the place in the order, archived, `updated_at`. */
export function commonPatch(input: { name?: string; position?: number; archived?: boolean }, now: number) {
  return {
    ...(input.name !== undefined && { name: input.name, nameKey: nameKey(input.name) }),
    ...(input.position !== undefined && { position: input.position }),
    ...(input.archived !== undefined && { archived: input.archived }),
    updatedAt: now,
  }
}
