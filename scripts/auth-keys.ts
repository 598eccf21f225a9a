// `npm run auth:keys`: prints the auth service's anon and service-role keys (apps/web/server/auth-keys.ts).
import { runAuthKeys } from "../apps/web/server/auth-keys.ts";

process.exitCode = await runAuthKeys();
