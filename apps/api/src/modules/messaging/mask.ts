/*
 * Contacts in a message body are hidden until their sender chooses to share them: buyers and sellers talk here
 * first, and a scammer cannot harvest numbers from messages. Masked at read time, so sharing later reveals what
 * was written before.
 *
 * People step around a plain pattern (issue 35): full-width digits, zero-width spaces, slashes and underscores
 * between the digits, `name [at] mail.kz`, a number split over two messages. So the body is first normalised
 * into a shadow copy (NFKC, zero-width and other invisible characters dropped, other scripts' digits read as
 * digits) that remembers where each of its characters came from; the patterns run on the copy and what they
 * find is hidden in the original text.
 */

export const HIDDEN_PHONE = '[номер скрыт · нөмір жасырылған · number hidden]'
export const HIDDEN_EMAIL = '[e-mail скрыт · e-mail жасырылған · e-mail hidden]'

/** A number's next part written within this time of the previous one is read as its continuation. */
export const SPLIT_NUMBER_WINDOW_MS = 10 * 60 * 1000

/** Zero-width and other invisible characters (format characters, soft hyphen, variation selectors). */
const INVISIBLE = /\p{Cf}|\u034f|[\u180b-\u180f]|[\ufe00-\ufe0f]|[\u115f\u1160\u17b4\u17b5\u3164\uffa0]/u
const DECIMAL_DIGIT = /\p{Nd}/u

interface Shadow {
  /** The normalised text. */
  text: string
  /** For each character of `text`, where its source starts and ends in the original; null when the same. */
  from: number[] | null
  to: number[] | null
}

/** Where the shadow's characters [start, end) came from in the original. */
const originalRange = (shadow: Shadow, start: number, end: number) => ({
  start: shadow.from ? (shadow.from[start] ?? 0) : start,
  end: shadow.to ? (shadow.to[end - 1] ?? 0) : end,
})

const INVISIBLE_ANYWHERE = new RegExp(INVISIBLE.source, 'u')
const OTHER_DIGIT = /(?![0-9])\p{Nd}/u

/** The digit a decimal digit of any script stands for (Unicode's decimal digits come in runs of ten, 0 to 9). */
function digitValue(ch: string): string {
  let cp = ch.codePointAt(0) ?? 48
  const value = cp
  while (DECIMAL_DIGIT.test(String.fromCodePoint(cp - 1)) && value - cp < 9) cp--
  return String((value - cp) % 10)
}

function normalise(body: string): Shadow {
  // Most messages need nothing: one pass each to tell, instead of a pass character by character.
  if (!INVISIBLE_ANYWHERE.test(body) && !OTHER_DIGIT.test(body) && body.normalize('NFKC') === body)
    return { text: body, from: null, to: null }
  const from: number[] = []
  const to: number[] = []
  const shadow: Shadow = { text: '', from, to }
  let i = 0
  for (const ch of body) {
    const start = i
    i += ch.length
    if (INVISIBLE.test(ch)) continue
    for (const out of ch.normalize('NFKC')) {
      if (INVISIBLE.test(out)) continue
      const c = out >= '0' && out <= '9' ? out : DECIMAL_DIGIT.test(out) ? digitValue(out) : out
      shadow.text += c
      for (let k = 0; k < c.length; k++) {
        from.push(start)
        to.push(i)
      }
    }
  }
  return shadow
}

/**
 * Digits with up to three separators between each two: spaces, dashes, dots, slashes, underscores, brackets,
 * commas, colons, stars, bars. A leading + is kept (an international number).
 */
const SEP = String.raw`[\s\-‐-―−./\\_()[\]{}|,:;*~'"«»]`
const DIGIT_RUN = new RegExp(String.raw`\+?\d(?:${SEP}{0,3}\d)*`, 'g')
const LEADING_RUN = new RegExp(String.raw`^${SEP}*(\+?\d(?:${SEP}{0,3}\d)*)`)
const TRAILING_RUN = new RegExp(String.raw`(\+?\d(?:${SEP}{0,3}\d)*)${SEP}*$`)
/** A VIN (17 characters, no I, O or Q, letters and digits): its digits are never a phone number. */
const VIN = /^(?=.*[A-HJ-NPR-Z])(?=.*[0-9])[A-HJ-NPR-Z0-9]{17}$/i
const ALNUM = /[A-Za-z0-9]/

/** Whether the digits at [start, end) are part of a word that is a VIN. */
function isInVin(text: string, start: number, end: number): boolean {
  let s = start
  let e = end
  while (s > 0 && ALNUM.test(text[s - 1] ?? '')) s--
  while (e < text.length && ALNUM.test(text[e] ?? '')) e++
  return e - s === 17 && VIN.test(text.slice(s, e))
}

/**
 * Whether these digits are a phone number: Kazakhstan's and Russia's 11 digits from 8 or 7 (8 701 555 12 34,
 * +7 727 ...), 10 without the trunk prefix (701 555 12 34, 900 ...), 12 of the neighbours' (996 ..., 998 ...),
 * and 10 to 13 after a +. Prices (5 500 000), years, mileage and a year beside a mileage (2019 120 000) are not.
 */
function isPhoneNumber(digits: string, plus = false): boolean {
  if (plus && digits.length >= 10 && digits.length <= 13) return true
  if (digits.length === 11) return digits[0] === '7' || digits[0] === '8'
  if (digits.length === 10) return digits[0] === '7' || digits[0] === '9'
  if (digits.length === 12) return /^(99[2-8]|37[45]|380)/.test(digits)
  return false
}

const digitsOf = (run: string) => run.replace(/\D/g, '')

/*
 * An e-mail address, also when its @ and dots are spelt out or spaced: name@mail.kz, name @ mail . kz,
 * name [at] mail.kz, name(at)mail(dot)kz, name собака mail.kz, name at mail dot kz (the bare word "at" only with
 * a spelt-out "dot", so "look at cars.kz" stays).
 */
const LOCAL = '[A-Za-z0-9][A-Za-z0-9._%+-]*'
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?'
const AT = String.raw`(?:\s*@\s*|\s*[[({<]\s*(?:at|собака)\s*[\])}>]\s*|\s+(?:собака|собачка)\s+)`
const DOT = String.raw`(?:\s*\.\s*|\s*[[({<]\s*(?:dot|точка)\s*[\])}>]\s*|\s+(?:dot|точка)\s+)`
const EMAIL = new RegExp(String.raw`${LOCAL}${AT}${LABEL}(?:${DOT}${LABEL})*${DOT}[A-Za-z]{2,}\b`, 'gi')
const SPELT_EMAIL = new RegExp(String.raw`${LOCAL}\s+at\s+${LABEL}(?:\s+dot\s+${LABEL})*\s+dot\s+[A-Za-z]{2,}\b`, 'gi')

const MAYBE_EMAIL = /@|at|собак/i

/** The digits ending a text (a number's first part), found in its last characters only: a part is short. */
function trailingRun(text: string): { run: string; index: number } | null {
  const from = Math.max(0, text.length - 80)
  const m = TRAILING_RUN.exec(text.slice(from))
  return m?.[1] ? { run: m[1], index: from + m.index } : null
}

interface Hidden {
  start: number
  end: number
  text: string
}

/** The parts of the original body to hide, in the shadow's coordinates mapped back to the original's. */
function findContacts(shadow: Shadow): Hidden[] {
  const found: Hidden[] = []
  const original = (start: number, end: number, text: string): Hidden => ({
    ...originalRange(shadow, start, end),
    text,
  })
  // Every spelling of an address has an @, an "at" or a "собака" in it: most messages skip the patterns.
  if (MAYBE_EMAIL.test(shadow.text))
    for (const re of [EMAIL, SPELT_EMAIL])
      for (const m of shadow.text.matchAll(re)) found.push(original(m.index, m.index + m[0].length, HIDDEN_EMAIL))
  for (const m of shadow.text.matchAll(DIGIT_RUN)) {
    const start = m.index
    const end = start + m[0].length
    if (isPhoneNumber(digitsOf(m[0]), m[0].startsWith('+')) && !isInVin(shadow.text, start, end))
      found.push(original(start, end, HIDDEN_PHONE))
  }
  return found
}

/** Replaces the hidden parts (overlaps merged; the first found names the merged part). */
function hide(body: string, parts: Hidden[]): string {
  if (parts.length === 0) return body
  const sorted = [...parts].sort((a, b) => a.start - b.start || b.end - a.end)
  let out = ''
  let at = 0
  for (const p of sorted) {
    if (p.end <= at) continue
    out += body.slice(at, Math.max(at, p.start)) + (p.start >= at ? p.text : '')
    at = p.end
  }
  return out + body.slice(at)
}

/** The body with phone numbers and e-mail addresses replaced by HIDDEN_PHONE and HIDDEN_EMAIL. */
export function maskContacts(body: string): string {
  return hide(body, findContacts(normalise(body)))
}

export interface TimedMessage {
  body: string
  createdAt: Date
}

/**
 * One sender's messages, oldest first, masked: each alone as by maskContacts, and a number split over messages
 * (`8 701 555` then `12 34` a minute later) where the digits ending one message and those starting the next,
 * written within SPLIT_NUMBER_WINDOW_MS of each other, make a phone number together: both parts are hidden. A
 * part may span several messages (`8 701`, `555`, `12 34`) as long as the middle ones hold nothing but digits.
 */
export function maskSendersMessages(messages: TimedMessage[]): string[] {
  const shadows = messages.map((m) => normalise(m.body))
  const parts = shadows.map(findContacts)
  /** The digits carried over from the previous message(s), and where they were written. */
  let carry: { digits: string; plus: boolean; pieces: { index: number; start: number; end: number }[] } | null = null
  shadows.forEach((shadow, index) => {
    const previous = messages[index - 1]
    const current = messages[index]
    if (!current) return
    if (carry && previous && current.createdAt.getTime() - previous.createdAt.getTime() > SPLIT_NUMBER_WINDOW_MS)
      carry = null
    const lead = LEADING_RUN.exec(shadow.text)
    if (carry && lead?.[1]) {
      const start = (lead.index ?? 0) + lead[0].length - lead[1].length
      const piece = { index, start, end: start + lead[1].length }
      const digits = carry.digits + digitsOf(lead[1])
      if (isPhoneNumber(digits, carry.plus)) {
        for (const p of [...carry.pieces, piece]) {
          const s = shadows[p.index]
          if (s) parts[p.index]?.push({ ...originalRange(s, p.start, p.end), text: HIDDEN_PHONE })
        }
        carry = null
        // The rest of this message may start a new number.
        const rest = shadow.text.slice(piece.end)
        if (rest.trim() === '') return
      } else if (lead[0].length === shadow.text.trimEnd().length && digits.length < 13) {
        // Nothing but digits: the number may go on in the next message.
        carry = { digits, plus: carry.plus, pieces: [...carry.pieces, piece] }
        return
      }
    }
    const tail = trailingRun(shadow.text)
    carry =
      tail && !isPhoneNumber(digitsOf(tail.run), tail.run.startsWith('+'))
        ? {
            digits: digitsOf(tail.run),
            plus: tail.run.startsWith('+'),
            pieces: [{ index, start: tail.index, end: tail.index + tail.run.length }],
          }
        : null
  })
  return messages.map((m, i) => hide(m.body, parts[i] ?? []))
}
