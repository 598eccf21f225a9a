// What every account route plugin is given (registered in server/app.ts).
import type { Mailer } from "@studyatlas/core/accounts/mail-messages.ts";
import { ApiErrorSchema } from "@studyatlas/schemas/catalogue.ts";

import type { AppServices } from "../../../../app/context.ts";
import type { GoogleConfig } from "../../../config.ts";
import type { AuthSettings } from "../../../plugins/auth.ts";

export interface AccountRouteOptions {
  services: AppServices;
  auth: AuthSettings;
  mailer: Mailer;
  google: GoogleConfig;
}

export const ACCOUNT_TAGS = ["account"];

/** The error answers every account route can give, for the OpenAPI document. */
export const ACCOUNT_ERRORS = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  429: ApiErrorSchema,
};
