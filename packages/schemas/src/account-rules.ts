// Account validation rules and the spec's exact messages (docs/spec/accounts-and-details.md §5, §8, §9),
// with no dependencies: the browser forms import these, the API's zod schemas (accounts.ts) are
// built on them, so a form and the server always agree.

/**
 * Names are taken as people have them, not the spec's 3-16 letters or digits (docs/spec-notes.md,
 * ADR 050): letters of any script with their combining marks, spaces, hyphens and apostrophes
 * (' and ’), 1 to 50 characters (Unicode code points) once NFC-normalised and trimmed.
 */
export const NAME_MIN_LENGTH = 1;
export const NAME_MAX_LENGTH = 50;
/**
 * Passwords follow ASVS 6.2 / NIST 800-63B rather than the spec's 8-20 characters of a fixed set
 * (docs/spec-notes.md): at least 8 and up to 128 characters of any kind, spaces
 * and any script included, counted as Unicode code points. The server also refuses the most
 * common passwords and repeats or sequences (packages/core/src/accounts/password-policy.ts).
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const MESSAGES = {
  email: "It should be a valid email address!",
  firstName: "First name should be 1-50 characters: letters, spaces, hyphens and apostrophes only.",
  lastName: "Last name should be 1-50 characters: letters, spaces, hyphens and apostrophes only.",
  password: "Password should be at least 8 characters!",
  passwordTooLong: "Password should be at most 128 characters!",
  passwordTooCommon:
    "This password is one of the most common ones and easy to guess. Please choose another!",
  passwordTooPredictable:
    "This password is a repeated character or a simple sequence and easy to guess. Please choose another!",
  required: "This field is required",
  confirmPasswordRequired: "Please confirm your password",
  passwordRequired: "Password is required",
  passwordsDoNotMatch: "Passwords do not match",
  invalidResetLink: "Invalid reset link. Please request a new password reset.",
  forgotPasswordEmailRequired: "Please enter your email address",
  currentPasswordRequired: "Current password is required",
  newPasswordRequired: "New password is required",
  newPasswordTooShort: "Password must be at least 8 characters long",
  confirmNewPasswordRequired: "Please confirm your new password",
  loginFailed: "No active account found with the given credentials",
  genericError: "An error occurred. Please try again.",
  ensurePassword: "Ensure password field has at least 8 characters",
  accountCreated: "Account created successfully!",
  signUpCheckEmail:
    "Almost done! We have sent a link to your e-mail address: open it to finish creating your account.",
  resetEmailSent: "Please check your email for password reset instructions.",
  resetEmailFailed: "Failed to send reset email. Please try again.",
  loginSuccessful: "Login Successful!",
  signUpSuccessful: "Sign Up Successful!",
  passwordResetSuccessful: "Password reset successful. Please login.",
  passwordResetFailed: "Failed to reset password. Please try again.",
  resendNoEmail: "No email address found. Please contact support.",
  resendFailed: "An error occurred. Please try again later.",
  resendSuccess: "Verification email resent successfully",
  verificationFailedTitle: "Verification failed",
  emailVerified: "Your e-mail address is verified.",
  emailVerifiedSignIn: "Your e-mail address is verified. Please sign in to continue.",
  verificationUnexpected: "An unexpected error occurred.",
  passwordChanged: "Password changed successfully!",
  passwordChangeFailed: "Failed to change password",
  profileUpdated: "Profile updated successfully!",
  profileUpdateFailed: "Failed to update profile",
  loadUserFailed: "Failed to load user details. Please try again later.",
  loadCountriesFailed: "Failed to fetch countries. Please try again later.",
  googleLoginFailed: "Login failed. Please try again.",
  googleSignupFailed: "Signup failed. Please try again.",
  googleSignupLoginFailed: "Signup successful, but login failed. Please try logging in.",
} as const;

/** "Standard address form": something@something.tld, no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Starts with a letter of any script; then letters, combining marks, spaces, - ' ’. */
const NAME_PATTERN = /^\p{L}[\p{L}\p{M} '’-]*$/u;

export function isValidEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_PATTERN.test(value);
}
/** The form a name is checked and stored in: NFC, trimmed. */
export function normaliseName(value: string): string {
  return value.normalize("NFC").trim();
}
/** Whether a name, as typed, is acceptable once normalised (see NAME_MIN_LENGTH). */
export function isValidName(value: string): boolean {
  const name = normaliseName(value);
  const length = [...name].length;
  return length >= NAME_MIN_LENGTH && length <= NAME_MAX_LENGTH && NAME_PATTERN.test(name);
}
/** A password's length as people count it: one per Unicode code point. */
export function passwordLength(value: string): number {
  return [...value].length;
}
/** The length rule; whether it is too common is the server's to say. */
export function passwordLengthError(value: string): string | undefined {
  const length = passwordLength(value);
  if (length < PASSWORD_MIN_LENGTH) return MESSAGES.password;
  if (length > PASSWORD_MAX_LENGTH) return MESSAGES.passwordTooLong;
  return undefined;
}

export const GENDER_OPTIONS = [
  { value: "male", label: "Male" },
  { value: "female", label: "Female" },
  { value: "other", label: "Other" },
  { value: "prefer_not_to_say", label: "Prefer not to say" },
] as const;

/** §2 Interest selection: the 16 popular countries, in the spec's order, with its ids. */
export const POPULAR_COUNTRIES = [
  { id: 17, name: "United States" },
  { id: 6, name: "United Kingdom" },
  { id: 18, name: "Canada" },
  { id: 12, name: "Australia" },
  { id: 7, name: "Germany" },
  { id: 23, name: "France" },
  { id: 26, name: "Japan" },
  { id: 163, name: "China" },
  { id: 22, name: "India" },
  { id: 8, name: "Italy" },
  { id: 72, name: "Singapore" },
  { id: 15, name: "South Korea" },
  { id: 10, name: "Spain" },
  { id: 62, name: "Switzerland" },
  { id: 89, name: "Hong Kong" },
  { id: 63, name: "Sweden" },
] as const;

/** §9 timings. */
export const REDIRECT_COUNTDOWN_SECONDS = 5;
export const RELOAD_AFTER_SUCCESS_MS = 2000;
export const RESET_REDIRECT_MS = 2000;
export const SETTINGS_TOAST_MS = 3000;
export const SUCCESS_ANIMATION_MS = 4250;

/** Profile pictures: what update_user_profile accepts. */
export const PROFILE_PICTURE_TYPES = [
  "image/jpeg",
  "image/png",
  "image/webp",
  "image/gif",
] as const;
export const PROFILE_PICTURE_MAX_BYTES = 2 * 1024 * 1024;

/** Cookie and header names shared by the server and the browser. */
export const XSRF_COOKIE = "XSRF-TOKEN";
export const XSRF_HEADER = "X-XSRF-TOKEN";
