// Command-line flags of `npm run db:seed` (packages/db/src/cli/seed.ts), parsed without a library.

import { DEFAULT_SEED_OPTIONS } from "./seed-catalogue.ts";

export const SEED_USAGE =
  "usage: npm run db:seed -- [--courses N] [--schools M] [--seed S] [--reset] [--no-demo-accounts]";

export interface SeedArguments {
  courses: number;
  schools: number;
  seed: number;
  reset: boolean;
  help: boolean;
  /** Create the demo accounts too; --no-demo-accounts or DEMO_ACCOUNTS=false: not. */
  demoAccounts: boolean;
}

/** Parses the flags; throws an Error whose message names the offending flag. */
export function parseSeedArguments(
  argv: readonly string[],
  demoAccountsByDefault = true,
): SeedArguments {
  const args: SeedArguments = {
    ...DEFAULT_SEED_OPTIONS,
    reset: false,
    help: false,
    demoAccounts: demoAccountsByDefault,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const [flag, inline] =
      arg.startsWith("--") && arg.includes("=")
        ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)]
        : [arg, undefined];
    switch (flag) {
      case "--reset":
        if (inline !== undefined) throw new Error("--reset takes no value");
        args.reset = true;
        break;
      case "--no-demo-accounts":
        if (inline !== undefined) throw new Error("--no-demo-accounts takes no value");
        args.demoAccounts = false;
        break;
      case "--help":
      case "-h":
        args.help = true;
        break;
      case "--courses":
      case "--schools":
      case "--seed": {
        const raw = inline ?? argv[++i];
        if (raw === undefined) throw new Error(`${flag} needs a number`);
        if (!/^\d+$/.test(raw.replace(/_/g, "")))
          throw new Error(`${flag} must be a non-negative integer, got '${raw}'`);
        const value = Number(raw.replace(/_/g, ""));
        if (!Number.isSafeInteger(value) || value > 2_000_000_000)
          throw new Error(`${flag} is too large: ${raw}`);
        args[flag.slice(2) as "courses" | "schools" | "seed"] = value;
        break;
      }
      default:
        throw new Error(`unknown flag ${arg}`);
    }
  }
  if (args.courses > 0 && args.schools === 0)
    throw new Error("--schools must be at least 1 when --courses is above 0");
  return args;
}
