// Wishlist, newsletter and contact rules with the spec's exact messages (docs/spec/discovery.md §4, §5, §8;
// docs/spec/accounts-and-details.md §5, §8), with no dependencies: the browser imports these (keeping zod
// out of the home and finder bundles), and the API's zod schemas (engagement.ts) are built on them.

/** docs/spec/discovery.md §9: "Wishlist note time: 2 seconds". */
export const WISHLIST_NOTE_MS = 2000;
/** docs/spec/discovery.md §9: "Wishlist drawer: 400px wide, 500 ms close time". */
export const WISHLIST_DRAWER_CLOSE_MS = 500;

export const WISHLIST_MESSAGES = {
  added: "Added to wishlist!",
  removed: "Removed from wishlist!",
  failed: "Error updating wishlist",
  signInReason: "Sign in to save programmes to your wishlist.",
  courseRequired: "Choose a programme: 'course' must be a programme id.",
  courseNotFound: "No published programme has this id.",
  notYours: "No wishlist found for this e-mail address.",
} as const;

export const NEWSLETTER_MESSAGES = {
  invalidEmail: "Email is not valid!",
  firstNameRequired: "Please enter your first name.",
  lastNameRequired: "Please enter your last name.",
  nameTooLong: "Names can be at most 100 characters.",
  success: "Successfully subscribed!",
  errorPrefix: "Error: ",
  unknownError: "Unknown error",
  noResponse: "No response received from the server.",
  generic: "An error occurred. Please try again.",
  tooMany: "Too many subscription attempts from your network. Please try again in an hour.",
  unsubscribed: "You have been unsubscribed. You will not receive our newsletter any more.",
  alreadyUnsubscribed: "This address is already unsubscribed. You will not receive our newsletter.",
  invalidUnsubscribeLink:
    "This unsubscribe link is not valid. Please use the link from our latest e-mail.",
} as const;

export const CONTACT_MESSAGES = {
  fillAllFields: "Please fill in all fields",
  invalidEmail: "Please enter a valid email address.",
  nameTooLong: "Your name can be at most 100 characters.",
  messageTooLong: "Your message can be at most 5000 characters.",
  sending: "Sending...",
  success: "Message sent successfully!",
  failed: "Failed to send message",
  somethingWrong: "Something went wrong",
  tooManyFromAddress:
    "You have sent several messages in the last hour. Please wait a while; we will answer the ones we have.",
  tooManyFromNetwork: "Too many messages were sent from your network. Please try again in an hour.",
} as const;

export const NEWSLETTER_NAME_MAX_LENGTH = 100;
export const CONTACT_NAME_MAX_LENGTH = 100;
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;
export const EMAIL_MAX_LENGTH = 254;

/**
 * docs/spec/discovery.md §5: "non-space text, an @, non-space text, a dot, non-space text". The spec's
 * pattern is unanchored; ours matches the whole value, so spaces anywhere are refused.
 */
const NEWSLETTER_EMAIL_PATTERN = /^\S+@\S+\.\S+$/;

export function isValidNewsletterEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && NEWSLETTER_EMAIL_PATTERN.test(value);
}

/** Contact e-mail: a standard address (the form field is type=email). */
const CONTACT_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidContactEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && CONTACT_EMAIL_PATTERN.test(value);
}

/**
 * docs/spec/discovery.md §8 newsletter errors, from what the call gave back: the server's message after
 * 'Error: ' (or 'Unknown error'), 'No response received from the server.' when nothing came back.
 */
export function newsletterErrorMessage(outcome: {
  status: number;
  message?: string | undefined;
}): string {
  if (outcome.status === 0) return NEWSLETTER_MESSAGES.noResponse;
  if (outcome.status >= 400) {
    return `${NEWSLETTER_MESSAGES.errorPrefix}${outcome.message || NEWSLETTER_MESSAGES.unknownError}`;
  }
  return NEWSLETTER_MESSAGES.generic;
}
