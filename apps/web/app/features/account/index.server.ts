/** The account's door for the server: the guard of pages and actions for a signed-in user, and the headers that keep them private. */
export { PRIVATE_HEADERS, requireUser } from './account-guard.server.ts'
