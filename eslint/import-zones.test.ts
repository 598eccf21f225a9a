// The import-zone rule: each zone of ADR 022 reports a crossing import and lets an allowed one
// through, whichever way the import is spelled.
import path from "node:path";

import { RuleTester } from "eslint";
import { describe, it } from "vitest";

import { importZones } from "./import-zones.js";

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const root = path.resolve(import.meta.dirname, "..");
const at = (file: string) => path.join(root, file);
const options = [
  {
    root,
    zones: [
      { target: ["apps/web/app"], from: "apps/web/server", message: "app never imports server" },
      {
        target: ["apps/web/app/features/finder"],
        from: "apps/web/app/features",
        except: ["apps/web/app/features/finder"],
        message: "features stay apart",
      },
      { target: ["packages"], from: "apps", message: "packages never import the app" },
      {
        target: ["packages/db", "packages/schemas"],
        from: "packages/core",
        message: "db and schemas sit below core",
      },
      {
        target: ["apps", "packages"],
        targetExcept: ["packages/core/src/finder"],
        from: "packages/core/src/finder/index",
        message: "the index is the finder's own",
      },
    ],
  },
];

new RuleTester({
  languageOptions: { ecmaVersion: "latest", sourceType: "module" },
}).run("import-zones", importZones, {
  valid: [
    // Within one feature, from shared code, from a lower package, and outside packages.
    { filename: at("apps/web/app/features/finder/a.js"), code: 'import "./b.ts";', options },
    {
      filename: at("apps/web/app/features/finder/a.js"),
      code: 'import "../../utils/x.ts";',
      options,
    },
    { filename: at("packages/core/src/a.js"), code: 'import "@studyatlas/db/schema.ts";', options },
    { filename: at("packages/db/src/a.js"), code: 'import "drizzle-orm";', options },
    // A zone leaves out the importers under its targetExcept folders.
    {
      filename: at("packages/core/src/finder/search.js"),
      code: 'import "./index/course-index.ts";',
      options,
    },
    {
      filename: at("apps/web/server/app.js"),
      code: 'import "@studyatlas/core/finder/search.ts";',
      options,
    },
    // A file outside every zone's target is not checked.
    { filename: at("scripts/start.js"), code: 'import "../apps/web/server/app.ts";', options },
  ],
  invalid: [
    {
      filename: at("apps/web/app/routes/a.js"),
      code: 'import { buildApp } from "../../server/app.ts";',
      options,
      errors: [{ message: "'../../server/app.ts': app never imports server" }],
    },
    {
      filename: at("apps/web/app/features/finder/a.js"),
      code: 'export * from "../detail/detail-hero.tsx";',
      options,
      errors: [{ message: "'../detail/detail-hero.tsx': features stay apart" }],
    },
    {
      filename: at("apps/web/app/features/finder/a.js"),
      code: 'const m = import("../detail/x.ts");',
      options,
      errors: 1,
    },
    {
      filename: at("packages/core/src/a.js"),
      code: 'import "../../../apps/web/server/config.ts";',
      options,
      errors: 1,
    },
    {
      filename: at("packages/db/src/a.js"),
      code: 'import { x } from "@studyatlas/core/accounts/sessions.ts";',
      options,
      errors: [
        { message: "'@studyatlas/core/accounts/sessions.ts': db and schemas sit below core" },
      ],
    },
    {
      filename: at("packages/schemas/src/a.js"),
      code: 'export { x } from "@studyatlas/core";',
      options,
      errors: 1,
    },
    {
      filename: at("apps/web/server/app.js"),
      code: 'import { x } from "@studyatlas/core/finder/index/finder-index.ts";',
      options,
      errors: [
        {
          message: "'@studyatlas/core/finder/index/finder-index.ts': the index is the finder's own",
        },
      ],
    },
    {
      filename: at("packages/core/src/catalogue/countries.js"),
      code: 'import { x } from "../finder/index/course-index.ts";',
      options,
      errors: 1,
    },
  ],
});
