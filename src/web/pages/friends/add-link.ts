import { PAGES } from '../../paths'

/** The address of a user's add page, on the origin this browser reached the server at. */
export const addLink = (userId: string) => `${location.origin}${PAGES.friendAdd.replace(':userId', userId)}`
