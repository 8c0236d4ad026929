/** Spec section 9: the local storage key of the product token (its own module: pages need it without the client). */
export const TOKEN_KEY = 'token'
