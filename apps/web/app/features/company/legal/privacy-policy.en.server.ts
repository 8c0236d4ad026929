import type { LegalDocument } from '../legal-document.ts'

/* The privacy policy in English (the same sections and blocks as privacy-policy.ru.server.ts). */
export const privacyPolicyEn: LegalDocument = {
  title: 'Privacy policy',
  description:
    'What personal data Tulpar Auto collects and why, where and for how long it is stored, who receives it and how to delete your account, under the Kazakh Law "On personal data and their protection".',
  intro: [
    'This policy explains how {operator} ("we") collects, processes and protects the personal data of visitors and users of the Tulpar Auto website and mobile app (the "service").',
    'It follows the Law of the Republic of Kazakhstan of 21 May 2013 No. 94-V "On personal data and their protection" (the "Law") and other legislation of the Republic of Kazakhstan. By using the service, signing up, publishing a listing or sending a request, you confirm that you have read this policy. The Russian and Kazakh versions of this document are equally authoritative; the English version is provided for convenience.',
  ],
  sections: [
    {
      id: 'operator',
      title: '1. Who processes your data',
      blocks: [
        'The owner and operator of the database containing the personal data of the service’s users is {operator}, {address}.',
        'For questions about personal data, write to [{email}](mailto:{email}) or call [{phoneText}](tel:{phone}).',
      ],
    },
    {
      id: 'data',
      title: '2. What we collect',
      blocks: [
        {
          items: [
            'Account: name, email address, password (we store only its hash and never know the password itself), profile photo, city, language and notification settings. If you sign in with Google or Apple, the name and email address that service passes to us.',
            'Phone number: for signing in with an SMS code, and as a listing’s contact phone once confirmed with a code.',
            'Listings: make, model, specifications, mileage, price, VIN or body number, description, city, photos and contact phone. A published listing, including its VIN and phone, is visible to every visitor.',
            'Photos: on upload we remove EXIF metadata from the files, including the location where the photo was taken.',
            'Messages: your conversations with other users about cars, and reports about other users.',
            'Requests: call-back (phone, last and first name), car loan (car price, down payment, term, phone, last and first name), partner request (name, phone, comment), vehicle check order (VIN).',
            'Favourites, saved searches and the cars in your garage.',
            'Technical data: IP address, browser and device (User-Agent), request times and pages opened, in server logs and session records; a device token or browser subscription for push notifications if you turned them on.',
            'Cookies and data in your browser’s local storage: see section 6.',
          ],
        },
        'We do not collect biometric data, ID document numbers or individual identification numbers (IIN), and we never receive card details: you enter those only on the payment provider’s page.',
      ],
    },
    {
      id: 'purposes',
      title: '3. Why we use it',
      blocks: [
        {
          items: [
            'to create your account and let you sign in;',
            'to publish your listing and show buyers your contact phone;',
            'to review listings and protect users from fraud: we flag repeated VINs and photos, prices far below the market and new accounts for a moderator;',
            'to deliver messages between buyers and sellers;',
            'to handle your requests: call you back, calculate a loan, pass a request to a partner, carry out a vehicle check;',
            'to notify you about your listings, messages, price drops in your favourites and new cars matching your saved searches, as your settings allow;',
            'to count listing views, keep the service secure and running, and limit sign-in attempts and SMS sends;',
            'to comply with the legislation of the Republic of Kazakhstan.',
          ],
        },
        'We do not sell personal data or pass it on for third-party advertising.',
      ],
    },
    {
      id: 'grounds',
      title: '4. Legal grounds and consent',
      blocks: [
        'We collect and process personal data with your consent (Articles 7 and 8 of the Law). You give it when you sign up, publish a listing or send a request after being told that you accept this policy and the [user agreement](/user-agreements).',
        'Without consent, data is processed only in the cases listed in Article 9 of the Law, for example to comply with legislation and with requests from courts and law enforcement.',
        'You may withdraw your consent at any time (section 9), except where this would contradict the laws of the Republic of Kazakhstan or where an obligation is still outstanding (Article 8(2) of the Law). The service cannot keep an account without its data, so withdrawing consent to processing it means deleting the account.',
      ],
    },
    {
      id: 'storage',
      title: '5. Where and how long we keep it',
      blocks: [
        'Databases containing personal data, and photos, are stored on servers located in the Republic of Kazakhstan (Article 12(2) of the Law).',
        'We keep data as long as the purposes in section 3 require, unless the law requires longer:',
        {
          items: [
            'your account: while it exists; when you delete it, your name, email, phone, profile photo, sign-in methods and device tokens are erased at once, and your saved searches, favourites and garage cars are deleted within an hour;',
            'the listings of a deleted account are unpublished and stay in the archive without the contact phone: their price history and VIN let buyers see earlier sales of the same car;',
            'messages stay with the other person after your account is deleted, but without your name;',
            'requests: no longer than three years after the last contact (the general limitation period), then deleted;',
            'server logs and session records (IP address, browser): no longer than 90 days after the session ends;',
            'SMS confirmation codes: valid for 5 minutes and deleted within an hour after that;',
            'payments and vehicle check orders (amount, date, purpose, VIN): at least five years, as primary accounting documents under the Law of the Republic of Kazakhstan of 28 February 2007 No. 234-III "On accounting and financial reporting" and the Tax Code of the Republic of Kazakhstan; they are kept after the account is deleted.',
          ],
        },
      ],
    },
    {
      id: 'cookies',
      title: '6. Cookies and local storage',
      blocks: [
        'The service uses only its own cookies, without which it does not work or does not remember your choices:',
        {
          items: [
            'tulpar.session_token: keeps you signed in; not readable by page scripts; up to 30 days;',
            'city: the city you chose; 1 year;',
            'locale: the site language; 1 year;',
            'tulpar_vid: a random browser id so that a listing view is counted once a day; not readable by page scripts; 1 year;',
            'tulpar_js: says that this browser runs the site’s scripts, so that a signed-in page can be sent as the guests’ copy with your part added by the script; 1 year.',
          ],
        },
        'Your browser’s local storage keeps the language (locale), the city (cityId), a guest’s favourites until sign-in and the mobile app’s sign-in key (token).',
        'We use no third-party advertising or analytics cookies or counters, and embed no third-party maps. A third-party script loads only on the sign-in page, when Google or Apple sign-in is enabled. You can delete cookies in your browser settings; without the session cookie you cannot stay signed in.',
      ],
    },
    {
      id: 'sharing',
      title: '7. Who receives your data',
      blocks: [
        {
          items: [
            'other users: everyone sees a listing with its photos, city, VIN and contact phone; the person you write to sees your name and messages;',
            'the SMS gateway: the phone number and the code text, to deliver the SMS;',
            'the email service: your email address and the message text;',
            'payment providers (banks and payment organisations of the Republic of Kazakhstan): the amount and purpose of a payment for paid services;',
            'banks: a car loan application, only with your consent: the Tulpar Auto credit desk contacts you first and names the bank;',
            'partners: a request you sent to that particular partner;',
            'Google and Apple, if you sign in with them; push notification services (Google Firebase Cloud Messaging in the app, your browser’s service on the website): the device token or browser subscription;',
            'government bodies: at their request, in the cases provided by law.',
          ],
        },
        'Recipients process the data only for the stated purpose. Signing in with Google or Apple and push notifications mean a cross-border transfer of data to those companies and services; it happens only if you chose these options yourself, with your consent (Article 16 of the Law).',
      ],
    },
    {
      id: 'protection',
      title: '8. How we protect it',
      blocks: [
        'We take legal, organisational and technical measures (Articles 22 and 25 of the Law): data travels only over encrypted connections, passwords are stored as hashes, staff access data by role and only as far as their work needs, role changes are recorded, sign-in attempts and SMS sends are limited, and metadata is removed from photos.',
      ],
    },
    {
      id: 'rights',
      title: '9. Your rights',
      blocks: [
        'Under Article 24 of the Law you have the right to:',
        {
          items: [
            'know whether we hold your personal data and receive information about it;',
            'have your data changed or completed; most of it you can change yourself in [your account](/account);',
            'have your data blocked or destroyed if it is processed in breach of the law;',
            'withdraw your consent to the collection and processing of your data;',
            'give or refuse consent to your data being published in publicly available sources;',
            'protect your rights, including by applying to the authorised body for personal data protection or to a court.',
          ],
        },
        'Send requests to [{email}](mailto:{email}) from the email address of your account, or give the phone number linked to it. We answer within the periods set by the legislation of the Republic of Kazakhstan.',
      ],
    },
    {
      id: 'delete',
      title: '10. How to delete your account',
      blocks: [
        'Sign in and open [My account → Delete account](/account/delete). Deletion is permanent: we erase your name, email, phone, profile photo and sign-in methods at once, unpublish your listings and end your sessions on every device.',
        'If you cannot sign in, write to [{email}](mailto:{email}) from the address of your account, or give the phone number linked to it.',
      ],
    },
    {
      id: 'minors',
      title: '11. Minors',
      blocks: [
        'The service is meant for people over 18. We do not knowingly collect data about minors; if you learn that a child has given us their data, write to us and we will delete it.',
      ],
    },
    {
      id: 'changes',
      title: '12. Changes to this policy',
      blocks: [
        'The current version is always published on this page, with its date at the top. We tell registered users about significant changes in advance, by email or in notifications.',
      ],
    },
  ],
}
