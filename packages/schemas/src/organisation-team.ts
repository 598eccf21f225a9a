// An organisation's team, lead management and the catalogue import on the partner dashboard
// (docs/decisions/056-organisation-membership.md): the payloads, checked by the same schemas in
// the browser and on the server, and the messages the spec's tone asks for.
import { z } from "zod";

import { RegisterSchema } from "./accounts.ts";
import { MAX_INT4 } from "./limits.ts";

export const MEMBER_ROLE_VALUES = ["owner", "editor", "viewer"] as const;
export type MemberRoleValue = (typeof MEMBER_ROLE_VALUES)[number];

export const MEMBER_ROLE_LABELS: Record<MemberRoleValue, string> = {
  owner: "Owner",
  editor: "Editor",
  viewer: "Viewer",
};

/** What each role may do, as the Team page explains it. */
export const MEMBER_ROLE_HINTS: Record<MemberRoleValue, string> = {
  owner: "Everything, including the team and where leads are delivered.",
  editor: "Edits programmes, the school profile and leads; cannot change the team.",
  viewer: "Reads everything; changes nothing.",
};

export const TEAM_MESSAGES = {
  role: "Choose owner, editor or viewer.",
  roleTooLow: (role: MemberRoleValue) =>
    `Your role (${MEMBER_ROLE_LABELS[role].toLowerCase()}) does not allow this change. Please ask an owner of your organisation.`,
  lastOwner: "An organisation keeps at least one owner: make someone else an owner first.",
  memberNotFound: "This member does not exist.",
  alreadyMember: "This person is already a member of your organisation.",
  invitationInvalid:
    "This invitation link is not valid any more: it was used, it expired, or it was withdrawn. Please ask for a new one.",
  otherAddress: (email: string) =>
    `This invitation is for ${email}. Sign in with that address to accept it.`,
  otherOrganisation:
    "Your account already belongs to another organisation. Ask StudyAtlas to move it, or accept with another address.",
  notPartner: "This invitation is for the partner dashboard; a student account cannot accept it.",
  accountExists: "An account with this e-mail address already exists: sign in to accept.",
  invited: "Invitation sent.",
} as const;

const Id = z
  .union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)])
  .pipe(z.number().int().min(1).max(MAX_INT4));

const Role = z.enum(MEMBER_ROLE_VALUES, { error: TEAM_MESSAGES.role });

export const MemberParamsSchema = z.object({ id: Id });
export const InvitationParamsSchema = z.object({ id: Id });

export const InviteMemberSchema = z.object({ email: RegisterSchema.shape.email, role: Role });
export const MemberRoleSchema = z.object({ role: Role });

export const TeamSchema = z.object({
  role: Role,
  members: z.array(
    z.object({
      id: z.number(),
      first_name: z.string(),
      last_name: z.string(),
      email: z.string(),
      role: Role,
      joined_at: z.string(),
    }),
  ),
  invitations: z.array(
    z.object({
      id: z.number(),
      email: z.string(),
      role: Role,
      created_at: z.string(),
      expires_at: z.string(),
      invited_by: z.string().nullable(),
    }),
  ),
});
export type Team = z.infer<typeof TeamSchema>;

export const TeamInvitationQuerySchema = z.object({
  invitation: z.string().trim().min(10).max(200),
});
export const TeamInvitationSchema = z.object({
  email: z.string(),
  organisation: z.string(),
  role: Role,
});
export const AcceptTeamInvitationSchema = z.object({
  invitation: TeamInvitationQuerySchema.shape.invitation,
});
/** Accepting by signing up: the e-mail is the invitation's, proven by the link. */
export const TeamSignUpSchema = RegisterSchema.pick({
  first_name: true,
  last_name: true,
  password: true,
}).extend({ invitation: TeamInvitationQuerySchema.shape.invitation });
