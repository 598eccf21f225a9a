// `npm run auth:keys`: prints the auth service's anon and service-role keys; `-- --rotate` rotates
// the asymmetric signing key (apps/web/server/auth-keys.ts).
import { runAuthKeys } from "../apps/web/server/auth-keys.ts";

process.exitCode = await runAuthKeys(process.argv.slice(2));
