import { AppError, fixedError, notFoundByIdError } from '../../lib/errors.ts'

/** Unknown, or not shown to this caller (a dealer that is not verified has no public page). */
export class DealerNotFoundError extends notFoundByIdError<number>('dealer.not_found', 'Dealer') {}

export class BinTakenError extends fixedError(
  'dealer.bin_taken',
  409,
  'A dealer with this BIN or IIN already exists or is being verified',
) {}

export class ApplicationPendingError extends fixedError(
  'dealer.application_pending',
  409,
  'Your dealer application is still being verified',
) {}

export class OwnerOnlyError extends fixedError('dealer.owner_only', 403, "Only the dealer's owner may do this") {}

/** Signed in, but not one of the dealer's people (or no longer: removed members lose access at once). */
export class NotMemberError extends fixedError('dealer.not_member', 403, "You are not one of this dealer's people") {}

export class MemberNotFoundError extends fixedError('dealer.member_not_found', 404, 'No such member of this dealer') {}

export class InviteeNotFoundError extends fixedError(
  'dealer.invitee_not_found',
  404,
  'No account has this e-mail or phone; they sign up first',
) {}

export class AlreadyMemberError extends fixedError(
  'dealer.already_member',
  409,
  'This person already works for the dealer',
) {}

export class OwnerStaysError extends fixedError(
  'dealer.owner_stays',
  409,
  'The owner cannot be removed; the dealer always has one',
) {}

export class ChecklistIncompleteError extends fixedError(
  'dealer.checklist_incomplete',
  409,
  'Tick every checklist item before verifying',
) {}

export class DealerNotVerifiedError extends AppError {
  constructor(id: number) {
    super('dealer.not_verified', 409, `Dealer ${id} is not verified: it cannot sell yet`)
  }
}

/** A logo's body that is no image: JSON, a form, or nothing at all (the image itself is the body). */
export class NoLogoSentError extends fixedError(
  'photo.not_image',
  415,
  'Send the logo itself as the body, with its Content-Type (image/png, image/jpeg or image/webp)',
) {}
