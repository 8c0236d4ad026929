/**
 * Characters no text the API takes may hold: the C0 controls except tab, line feed and carriage return, and DEL.
 * NUL above all: PostgreSQL's text and jsonb cannot store it, so it failed as a 500 (issue 35). Tab and line breaks
 * stay allowed (descriptions, messages, pasted text). One rule for every string of every contract: the API applies it
 * to every parsed body, query and path parameter (apps/api/src/plugins/control-characters.ts), and a form parser can
 * apply it with `hasControlCharacters`.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/

/** Whether `value` holds a character of CONTROL_CHARACTERS. */
export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTERS.test(value)
}

/** The field error's code for a text with control characters (problem+json `errors[].code`). */
export const CONTROL_CHARACTERS_CODE = 'control_characters'
