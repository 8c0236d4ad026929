/** The account's door: the sign that a deleted account's session has just ended (the home page's notice). */
export { ACCOUNT_DELETED_PARAM, ACCOUNT_DELETED_VALUE } from './deleted-notice.ts'
