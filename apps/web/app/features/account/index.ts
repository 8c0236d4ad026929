/** The account's door: the signs (a query, a cookie) that a deleted account's session has just ended (the notice). */
export { ACCOUNT_DELETED_COOKIE, ACCOUNT_DELETED_PARAM, ACCOUNT_DELETED_VALUE } from './deleted-notice.ts'
