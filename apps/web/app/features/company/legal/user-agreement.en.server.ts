import type { LegalDocument } from '../legal-document.ts'

/* The user agreement in English (the same sections and blocks as user-agreement.ru.server.ts). */
export const userAgreementEn: LegalDocument = {
  title: 'User agreement',
  description:
    'The rules of Tulpar Auto: the marketplace’s role, listing rules, prohibited content, moderation, paid services, liability and disputes under the law of the Republic of Kazakhstan.',
  intro: [
    'This agreement is a public offer by {operator} ("we") setting out the terms of use of the Tulpar Auto website and mobile app (the "service"). By signing up, publishing a listing or otherwise using the service you accept the agreement in full. If you do not agree, do not use the service. The Russian and Kazakh versions are equally authoritative; the English version is provided for convenience.',
  ],
  sections: [
    {
      id: 'general',
      title: '1. General',
      blocks: [
        'The agreement applies to every visitor of the service, and in full to registered users.',
        'Individuals over 18 with full legal capacity may sign up and publish listings, and so may legal entities and sole proprietors through their representatives.',
        'How we process personal data is described in the [privacy policy](/privacy-policy), which forms part of this agreement.',
      ],
    },
    {
      id: 'role',
      title: '2. The marketplace’s role',
      blocks: [
        'Tulpar Auto is an information platform: sellers publish listings, buyers find a car and contact the seller. We are not a party to deals between users, do not own the cars in private listings, do not take money for them and do not guarantee that a deal will happen.',
        'The exception is Tulpar cars, marked as such on the marketplace: the company sells them itself and is liable for them as the seller under the legislation of the Republic of Kazakhstan, including consumer protection law. What we check in these cars is described on the [Tulpar cars](/tulpar-auto) page.',
        'Market price estimates, the transport tax calculation and the loan calculator are for reference: the bank decides on a loan and its rate, and the state charges the tax under the Tax Code.',
      ],
    },
    {
      id: 'account',
      title: '3. Your account',
      blocks: [
        'Give true information: you are responsible for what is done under your account. Never tell anyone your password or SMS codes; Tulpar Auto staff never ask for them.',
        'A listing’s contact phone must be yours and is confirmed with an SMS code.',
        'You can delete your account at any time in [your account](/account/delete).',
      ],
    },
    {
      id: 'listings',
      title: '4. Listing rules',
      blocks: [
        {
          items: [
            'You have the right to sell the car: you own it or act on the owner’s instructions.',
            'One listing is one specific car that is available. Do not list the same car again.',
            'Photos are of this car and taken by you or with your permission, with no third-party watermarks, phone numbers or links on the images.',
            'The price is the full price of the car in tenge, not a prepayment, instalment or "from" price.',
            'Specifications, mileage, VIN or body number, steering side and customs status must be true. If the car is damaged, pledged, under arrest or not cleared by customs in Kazakhstan, say so in the listing.',
          ],
        },
      ],
    },
    {
      id: 'prohibited',
      title: '5. What is prohibited',
      blocks: [
        {
          items: [
            'cars that are not available, stolen cars, cars with altered unit numbers or forged documents;',
            'rolling back the mileage or hiding serious damage or encumbrances;',
            'listings that do not sell a car: advertising of services, loans or other websites;',
            'asking for a prepayment for a car the buyer has not seen, sending "payment" or "delivery" links, asking for card details or SMS codes;',
            'insults, discrimination, extremist material, pornography, incitement to violence and other content prohibited by the legislation of the Republic of Kazakhstan;',
            'publishing other people’s personal data without their consent and infringing copyright;',
            'spam, getting round moderation or the service’s limits, and automated collection of the service’s data without our written consent;',
            'impersonating another person, a company or a Tulpar Auto employee.',
          ],
        },
      ],
    },
    {
      id: 'moderation',
      title: '6. Moderation',
      blocks: [
        'A moderator reviews every listing before it is published, and we may review it again afterwards, including after complaints. Automatic checks flag repeated VINs and photos, prices far below the market and new accounts for the moderator.',
        'We may reject a listing or unpublish it if it breaks this agreement. You will see the reason in [My cars](/account/listings): wrong price, photos not of this car, duplicate, missing information, prohibited content or another reason with an explanation. You can send a corrected listing for moderation again.',
        'For serious or repeated breaches we may restrict or block the account. You can report another user right in the conversation, and a listing by writing to [{email}](mailto:{email}).',
      ],
    },
    {
      id: 'paid',
      title: '7. Paid services',
      blocks: [
        'Searching, viewing listings, favourites, messages and publishing listings as a private person are free.',
        'Paid services (for example, a vehicle history check) are provided at the price shown on the service’s page before payment. Payments go through banks and payment organisations of the Republic of Kazakhstan. A service counts as provided when its result (for example, the check report) is available in your account.',
        'If a service is not provided or is provided improperly, we refund the payment as set out in the Law of the Republic of Kazakhstan "On consumer protection". Write to [{email}](mailto:{email}) saying what you paid for and when.',
      ],
    },
    {
      id: 'content',
      title: '8. Content and rights',
      blocks: [
        'You keep the rights to your photos and texts. By publishing them you allow Tulpar Auto, free of charge, to store them, show them on the website and in the app, and change their format and size for display, for as long as the listing is published and kept.',
        'The design, code, logo and database of the service belong to Tulpar Auto. You may not copy them or collect the service’s data automatically without our written consent.',
      ],
    },
    {
      id: 'liability',
      title: '9. Liability',
      blocks: [
        'The seller is responsible for the listing being true and for the car. Before buying, inspect the car, compare the VIN with the documents, check the registration history, arrests and pledges (eGov, aisoip.adilet.gov.kz) and never prepay for a car you have not seen.',
        'We are not liable for deals between users and their consequences, for the content of users’ listings and messages, or for interruptions of the service for reasons beyond our control. We may pause the service for maintenance and updates.',
        'These limits do not apply to liability that the law does not allow to be limited, including consumers’ rights.',
      ],
    },
    {
      id: 'disputes',
      title: '10. Disputes and governing law',
      blocks: [
        'This agreement is governed by the law of the Republic of Kazakhstan.',
        'Before going to court, send us a claim at [{email}](mailto:{email}) or to {address}; we answer within 15 calendar days.',
        'A dispute that cannot be settled by negotiation is heard by a court of the Republic of Kazakhstan at the location of {operator}. A consumer keeps the right to go to court under the rules of jurisdiction set by the legislation of the Republic of Kazakhstan.',
      ],
    },
    {
      id: 'changes',
      title: '11. Changes to this agreement',
      blocks: [
        'We may change this agreement. A new version is published on this page with its date; we tell registered users about significant changes at least 7 days before they take effect. If you do not agree with a new version you may delete your account; by continuing to use the service you accept it.',
      ],
    },
    {
      id: 'contacts',
      title: '12. Contacts',
      blocks: ['{operator}, {address}. Phone: [{phoneText}](tel:{phone}), email: [{email}](mailto:{email}).'],
    },
  ],
}
