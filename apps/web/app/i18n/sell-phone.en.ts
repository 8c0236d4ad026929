import type { sellPhoneRu } from './sell-phone.ru.ts'

/** Confirming the contact phone by SMS code at the publish step (issue 10, item 12). */
export const sellPhoneEn: Record<keyof typeof sellPhoneRu, string> = {
  'sell.phone.title': 'Confirm your phone number',
  'sell.phone.text':
    'Buyers will call {phone}. To send the listing for moderation, confirm the number with the code we send by SMS.',
  'sell.phone.textNew':
    'Buyers will call the new number {phone}. To save it, confirm the number with the code we send by SMS.',
  'sell.phone.send': 'Send code',
  'sell.phone.resend': 'Send the code again',
  'sell.phone.sent': 'We sent an SMS with a code to {phone}.',
  'sell.phone.code': 'Code from the SMS',
  'sell.phone.change': 'Change the number',
  'sell.phone.submit': 'Confirm and send',
  'sell.phone.confirmed': 'The number {phone} is confirmed.',
  'sell.phone.required': 'First confirm the phone number with the code from the SMS.',
  'sell.phone.codeFormat': 'Enter the 6 digits from the SMS.',
  'sell.phone.tooMany': 'Too many attempts. Please try again later.',
  'sell.error.not_confirmed': 'Confirm the new number with the code from the SMS.',
  'sell.phone.tooManyAttempts': 'Too many wrong codes. Request a new code.',
}
