// The account e-mails, as HTML and plain text. Links are absolute, on the
// configured public base URL.

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  kind:
    | "verification"
    | "password_reset"
    | "welcome"
    | "newsletter_welcome"
    | "contact"
    | "sign_up_attempt"
    | "sales_invitation"
    | "team_invitation"
    | "lead"
    | "auth_service"
    | "email_change_notice"
    | "recovery_code_used"
    | "organisation_decision"
    | "reply_digest"
    | "application_status"
    | "alert";
  link: string;
  /** Extra headers: List-Unsubscribe on newsletter mail, Reply-To on contact messages. */
  headers?: Record<string, string>;
}

/** Sends or keeps a message; implemented by the server (SMTP or the outbox). */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** The HTML frame every e-mail shares: a title, paragraphs, one button and an optional footer. */
export function layout(
  title: string,
  paragraphs: string[],
  button: { label: string; href: string },
  footer?: { text: string; linkLabel: string; href: string },
): string {
  const body = paragraphs
    .map((text) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`)
    .join("");
  const href = escapeHtml(button.href);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#f4f6fb;font-family:Arial,Helvetica,sans-serif;color:#0a1f44">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td><p style="margin:0 0 24px;font-size:20px;font-weight:bold">StudyAtlas</p>
<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(title)}</h1>${body}
<p style="margin:24px 0"><a href="${href}" style="background:#1a56db;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;display:inline-block">${escapeHtml(button.label)}</a></p>
<p style="margin:0;font-size:13px;color:#4b5563">If the button does not work, copy this address into your browser:<br><a href="${href}" style="color:#1a56db;word-break:break-all">${href}</a></p>
${footer ? `<p style="margin:24px 0 0;font-size:13px;color:#4b5563">${escapeHtml(footer.text)} <a href="${escapeHtml(footer.href)}" style="color:#1a56db">${escapeHtml(footer.linkLabel)}</a></p>` : ""}
</td></tr></table></td></tr></table></body></html>`;
}

export function verificationMessage(to: string, firstName: string, link: string): MailMessage {
  const subject = "Verify your StudyAtlas e-mail address";
  const lines = [
    `Hello ${firstName},`,
    "Thank you for creating a StudyAtlas account. Please confirm that this is your e-mail address.",
    "The link is valid for 3 days and can be used once.",
  ];
  return {
    to,
    subject,
    kind: "verification",
    link,
    text: `${lines.join("\n\n")}\n\nVerify your e-mail: ${link}\n\nIf you did not create an account, you can ignore this e-mail.\n`,
    html: layout(
      "Verify your e-mail address",
      [...lines, "If you did not create an account, you can ignore this e-mail."],
      {
        label: "Verify e-mail",
        href: link,
      },
    ),
  };
}

export function passwordResetMessage(to: string, firstName: string, link: string): MailMessage {
  const subject = "Reset your StudyAtlas password";
  const lines = [
    `Hello ${firstName},`,
    "Someone (we hope you) asked to reset the password of your StudyAtlas account.",
    "The link is valid for 1 hour and can be used once. Setting a new password signs you out everywhere else.",
  ];
  return {
    to,
    subject,
    kind: "password_reset",
    link,
    text: `${lines.join("\n\n")}\n\nSet a new password: ${link}\n\nIf you did not ask for this, ignore this e-mail: your password stays as it is.\n`,
    html: layout(
      "Reset your password",
      [...lines, "If you did not ask for this, ignore this e-mail: your password stays as it is."],
      {
        label: "Set a new password",
        href: link,
      },
    ),
  };
}

/**
 * To the owner of an address someone tried to sign up with again: the sign-up answered as for a
 * new address (no enumeration, docs/security.md V6), so the owner is told here, with a way back in.
 */
export function signUpAttemptMessage(to: string, firstName: string, link: string): MailMessage {
  const subject = "Someone tried to create a StudyAtlas account with your address";
  const lines = [
    `Hello ${firstName},`,
    "Someone (perhaps you) just tried to create a StudyAtlas account with this e-mail address, which already has one. No new account was created.",
    "If it was you, sign in instead; if you forgot your password, you can set a new one from the sign-in page.",
  ];
  return {
    to,
    subject,
    kind: "sign_up_attempt",
    link,
    text: `${lines.join("\n\n")}\n\nSign in: ${link}\n\nIf it was not you, you can ignore this e-mail: your account is unchanged.\n`,
    html: layout(
      "Your address already has an account",
      [...lines, "If it was not you, you can ignore this e-mail: your account is unchanged."],
      { label: "Sign in", href: link },
    ),
  };
}

export function welcomeMessage(to: string, firstName: string, link: string): MailMessage {
  const subject = "Welcome to StudyAtlas";
  const lines = [
    `Welcome, ${firstName}!`,
    "Your e-mail address is confirmed. Discover online programmes and courses from top schools around the world.",
  ];
  return {
    to,
    subject,
    kind: "welcome",
    link,
    text: `${lines.join("\n\n")}\n\nExplore all courses: ${link}\n`,
    html: layout("Welcome to StudyAtlas", lines, { label: "Explore All Courses", href: link }),
  };
}

/**
 * The newsletter's welcome e-mail (docs/decisions/007-newsletter-unsubscribe-links.md). Like every
 * newsletter e-mail it carries a one-click unsubscribe link in the text and RFC 8058
 * List-Unsubscribe headers.
 */
export function newsletterWelcomeMessage(
  to: string,
  firstName: string,
  links: { explore: string; unsubscribePage: string; unsubscribeOneClick: string },
): MailMessage {
  const subject = "You're subscribed to the StudyAtlas newsletter";
  const lines = [
    `Hello ${firstName},`,
    "Thank you for subscribing to the StudyAtlas newsletter. About once a month we will send you new online programmes, scholarships and application tips.",
  ];
  const unsubscribeText = "Don't want these e-mails? Unsubscribe with one click:";
  return {
    to,
    subject,
    kind: "newsletter_welcome",
    link: links.unsubscribePage,
    headers: {
      "List-Unsubscribe": `<${links.unsubscribeOneClick}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
    text: `${lines.join("\n\n")}\n\nExplore programmes: ${links.explore}\n\n${unsubscribeText} ${links.unsubscribePage}\n`,
    html: layout(
      "Welcome to our newsletter",
      lines,
      { label: "Explore programmes", href: links.explore },
      {
        text: unsubscribeText,
        linkLabel: "Unsubscribe",
        href: links.unsubscribePage,
      },
    ),
  };
}

/** A /contact-us message, forwarded to the support inbox; replying answers the sender. */
export function contactMessageMail(
  supportEmail: string,
  contact: { id: number; name: string; email: string; message: string },
  publicBaseUrl: string,
): MailMessage {
  const subject = `Contact form: message from ${contact.name}`;
  const lines = [
    `From: ${contact.name} <${contact.email}>`,
    `Message #${contact.id}:`,
    contact.message,
  ];
  const link = `${publicBaseUrl}/contact-us`;
  return {
    to: supportEmail,
    subject,
    kind: "contact",
    link,
    // The sender's address was typed by a visitor: a header value must not carry line breaks.
    headers: { "Reply-To": contact.email.replace(/[\r\n]/g, "") },
    text: `${lines.join("\n\n")}\n\nReply to this e-mail to answer ${contact.name}.\n`,
    html: layout(
      "New contact message",
      [...lines, `Reply to this e-mail to answer ${contact.name}.`],
      {
        label: `Write to ${contact.email}`,
        href: `mailto:${contact.email}`,
      },
    ),
  };
}

export function salesInvitationMessage(to: string, inviterName: string, link: string): MailMessage {
  const subject = "You are invited to the StudyAtlas sales dashboard";
  const lines = [
    "Hello,",
    `${inviterName} invites you to join StudyAtlas as a sales agent: you will approve partner organisations, link them to their schools and follow their numbers.`,
    "The invitation is for this address only and works once, within 7 days.",
  ];
  return {
    to,
    subject,
    kind: "sales_invitation",
    link,
    text: `${lines.join("\n\n")}\n\nAccept the invitation: ${link}\n\nIf you did not expect it, you can ignore this e-mail.\n`,
    html: layout(
      "Join the StudyAtlas sales team",
      [...lines, "If you did not expect it, you can ignore this e-mail."],
      { label: "Accept the invitation", href: link },
    ),
  };
}

/** An owner invites a teammate to the partner dashboard (ADR 056). */
export function teamInvitationMessage(
  to: string,
  invite: { inviterName: string; organisationName: string; roleLabel: string },
  link: string,
): MailMessage {
  const subject = `${invite.inviterName} invites you to ${invite.organisationName} on StudyAtlas`;
  const lines = [
    "Hello,",
    `${invite.inviterName} invites you to join ${invite.organisationName} on the StudyAtlas partner dashboard as ${invite.roleLabel}.`,
    "Sign in with this address, or create your account through the link. The invitation works once, within 7 days.",
  ];
  return {
    to,
    subject,
    kind: "team_invitation",
    link,
    text: `${lines.join("\n\n")}\n\nAccept the invitation: ${link}\n\nIf you did not expect it, you can ignore this e-mail.\n`,
    html: layout(
      `Join ${invite.organisationName}`,
      [...lines, "If you did not expect it, you can ignore this e-mail."],
      {
        label: "Accept the invitation",
        href: link,
      },
    ),
  };
}

/** What each auth-service e-mail is about (GoTrue's mail templates). */
const AUTH_SERVICE_MAIL = {
  signup: ["Confirm your StudyAtlas sign-up", "Confirm your e-mail address", "Confirm e-mail"],
  magiclink: ["Your StudyAtlas sign-in link", "Sign in to StudyAtlas", "Sign in"],
  recovery: ["Reset your StudyAtlas password", "Reset your password", "Reset password"],
  invite: ["You have been invited to StudyAtlas", "Accept your invitation", "Accept invitation"],
  email_change_current: [
    "Confirm your StudyAtlas e-mail change",
    "Confirm the change of your e-mail address",
    "Confirm change",
  ],
  email_change_new: [
    "Confirm your new StudyAtlas e-mail address",
    "Confirm your new e-mail address",
    "Confirm new address",
  ],
  reauthentication: ["Your StudyAtlas confirmation code", "Confirm it is you", "Open StudyAtlas"],
} as const;

/**
 * An auth-service e-mail: the 6-digit code (verifyOtp) and the link (GET /auth/v1/verify), both
 * valid once, for an hour.
 */
export function authServiceMessage(
  type: keyof typeof AUTH_SERVICE_MAIL,
  to: string,
  code: string,
  link: string,
): MailMessage {
  const [subject, title, label] = AUTH_SERVICE_MAIL[type];
  const lines = [
    `Your code is ${code}.`,
    "Enter it where you asked for it, or use the button below. The code and the link work once, within an hour.",
    "If you did not ask for this, you can ignore this e-mail.",
  ];
  return {
    to,
    subject,
    kind: "auth_service",
    link,
    text: `${title}\n\n${lines.join("\n\n")}\n\n${label}: ${link}\n`,
    html: layout(title, lines, { label, href: link }),
  };
}

/**
 * To the current address when someone asks to move the account to another address, or once it has
 * moved (GoTrue's email-changed notification): the owner hears of a change made with a stolen
 * session (docs/security.md V6). `link` is the site, where a password reset starts.
 */
export function emailChangeNoticeMessage(
  to: string,
  newAddress: string,
  stage: "requested" | "changed",
  link: string,
): MailMessage {
  const title =
    stage === "requested"
      ? "A change of your e-mail address was requested"
      : "Your e-mail address was changed";
  const lines = [
    stage === "requested"
      ? `Someone signed in to your StudyAtlas account asked to change its e-mail address to ${newAddress}.`
      : `The e-mail address of your StudyAtlas account is now ${newAddress}. This address no longer signs in.`,
    "If this was you, there is nothing to do.",
    "If it was not, reset your password right away and contact us: someone may have access to your account.",
  ];
  return {
    to,
    subject: `StudyAtlas: ${title.charAt(0).toLowerCase()}${title.slice(1)}`,
    kind: "email_change_notice",
    link,
    text: `${title}\n\n${lines.join("\n\n")}\n\nStudyAtlas: ${link}\n`,
    html: layout(title, lines, { label: "Open StudyAtlas", href: link }),
  };
}

/**
 * A recovery code signed someone in (ADR 050): the owner hears of it, with how many are left and
 * where to renew them, so a code used by someone else does not go unnoticed.
 */
export function recoveryCodeUsedMessage(
  to: string,
  firstName: string,
  remaining: number,
  link: string,
): MailMessage {
  const title = "A recovery code was used to sign in";
  const lines = [
    `Hello ${firstName || "there"},`,
    "A two-factor recovery code was just used to sign in to your StudyAtlas account.",
    `${remaining} unused ${remaining === 1 ? "code is" : "codes are"} left. You can create new codes in your settings.`,
    "If this was not you, change your password now and create new recovery codes.",
  ];
  return {
    to,
    subject: "StudyAtlas: a recovery code was used to sign in",
    kind: "recovery_code_used",
    link,
    text: `${title}\n\n${lines.join("\n\n")}\n\nYour settings: ${link}\n`,
    html: layout(title, lines, { label: "Open your settings", href: link }),
  };
}

/**
 * Tells a partner that a sales agent approved or suspended its organisation (the registration's
 * confirmation and the pending dashboard promise it; docs/spec-notes.md "Approval e-mails").
 */
export function organisationDecisionMessage(
  to: string,
  input: { firstName: string; organisation: string; status: "approved" | "suspended" },
  link: string,
): MailMessage {
  const approved = input.status === "approved";
  const subject = approved
    ? `${input.organisation} is approved on StudyAtlas`
    : `${input.organisation} is suspended on StudyAtlas`;
  const lines = approved
    ? [
        `Hello ${input.firstName},`,
        `Our team has approved ${input.organisation}. You can now sign in to your partner dashboard to add programmes and follow your leads.`,
      ]
    : [
        `Hello ${input.firstName},`,
        `Our team has suspended the access of ${input.organisation} to the partner dashboard. Your data is kept. Please contact your StudyAtlas account manager to restore it.`,
      ];
  const label = approved ? "Open your dashboard" : "Go to the partner sign-in";
  return {
    to,
    subject,
    kind: "organisation_decision",
    link,
    text: `${lines.join("\n\n")}\n\n${label}: ${link}\n`,
    html: layout(subject, lines, { label, href: link }),
  };
}
