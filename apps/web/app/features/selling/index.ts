/** Selling's door: an API refusal's field errors as the form's message keys, which the garage's car form shares. */
export { type FieldMessages, fieldMessages } from './form-data.ts'
