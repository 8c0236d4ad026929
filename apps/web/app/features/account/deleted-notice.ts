/** The query the layout's loader adds when it ended a session of an account deleted on another device (spec 4). */
export const ACCOUNT_DELETED_PARAM = 'account'
export const ACCOUNT_DELETED_VALUE = 'deleted'
