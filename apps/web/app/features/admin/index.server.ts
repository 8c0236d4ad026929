/** The back office's door for the server: a form's field and the message of a service's refusal, for other domains' back-office forms. */
export { adminErrorKey, field } from './admin-guard.server.ts'
