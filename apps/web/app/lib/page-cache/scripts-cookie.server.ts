/*
 * Whether a browser runs the site's scripts (decision 037): a signed-in visitor's page may be the guests' copy with
 * their part added only if a script will add it; without scripts it would show a guest's header, hearts and forms.
 * Every page sets this cookie from its inline bootstrap script (with the page's nonce; no bytes in the bundles),
 * and a signed-in visitor's page is sent from the guests' copy only when the request carries it: a browser without
 * scripts (or before its first page has run) gets their page rendered for them, as before.
 */

export const SCRIPTS_COOKIE = 'tulpar_js'

/** Sets the cookie once (a year, the whole site, Secure over HTTPS). */
export const MARK_SCRIPTS_RUN = `document.cookie.includes("${SCRIPTS_COOKIE}=")||(document.cookie="${SCRIPTS_COOKIE}=1;path=/;max-age=31536000;samesite=lax"+(location.protocol=="https:"?";secure":""))`
