/** The query the layout's loader adds when it ended a session of an account deleted on another device (spec 4). */
export const ACCOUNT_DELETED_PARAM = 'account'
export const ACCOUNT_DELETED_VALUE = 'deleted'
/**
 * The cookie the same answer sets (not HttpOnly: the page reads and clears it). The redirect that carries the
 * notice can be lost: a revalidation's answer clears the session cookies, and a navigation the person started at
 * that moment replaces the redirect. The first page this browser shows next finds the cookie and tells them; the
 * page clears it once the notice is shown.
 */
export const ACCOUNT_DELETED_COOKIE = 'account_deleted'
