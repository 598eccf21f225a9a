// A small ESLint rule: which folders may import which (docs/decisions/022-one-home-per-feature.md).
// Relative and absolute imports are resolved against the importing file; package imports
// (`@studyatlas/core/...`) are mapped to their folders, so the rule needs no module resolver.
// A zone applies to the files under its `target` folders except those under `targetExcept`
// (the finder index is open to the finder's own folder only: docs/decisions/021-honest-packages.md).
import path from "node:path";

const WORKSPACES = {
  "@studyatlas/core/": "packages/core/src/",
  "@studyatlas/db/": "packages/db/src/",
  "@studyatlas/schemas/": "packages/schemas/src/",
};

/** The repository-relative path an import names, or undefined for an outside package. */
function targetOf(specifier, filename, root) {
  for (const [prefix, folder] of Object.entries(WORKSPACES)) {
    if (specifier.startsWith(prefix)) return folder + specifier.slice(prefix.length);
    // The bare name (`@studyatlas/core`) is not importable today, but it names the package all
    // the same: a zone must not be escaped by spelling the import that way.
    if (specifier === prefix.slice(0, -1)) return folder.slice(0, -1);
  }
  if (!specifier.startsWith(".") && !path.isAbsolute(specifier)) return undefined;
  return path
    .relative(root, path.resolve(path.dirname(filename), specifier))
    .split(path.sep)
    .join("/");
}

const inside = (file, folder) => file === folder || file.startsWith(`${folder}/`);

/** @type {import("eslint").Rule.RuleModule} */
export const importZones = {
  meta: {
    type: "problem",
    docs: { description: "Keeps imports within the layout's zones." },
    schema: [
      {
        type: "object",
        properties: { root: { type: "string" }, zones: { type: "array" } },
        required: ["root", "zones"],
      },
    ],
  },
  create(context) {
    const { root, zones } = context.options[0];
    const file = path.relative(root, context.filename).split(path.sep).join("/");
    const active = zones.filter(
      (zone) =>
        zone.target.some((target) => inside(file, target)) &&
        !(zone.targetExcept ?? []).some((folder) => inside(file, folder)),
    );
    if (active.length === 0) return {};
    const check = (node, source) => {
      if (!source || typeof source.value !== "string") return;
      const target = targetOf(source.value, context.filename, root);
      if (target === undefined) return;
      for (const zone of active) {
        if (!inside(target, zone.from)) continue;
        if ((zone.except ?? []).some((allowed) => inside(target, allowed))) continue;
        context.report({ node: source, message: `'${source.value}': ${zone.message}` });
      }
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};
