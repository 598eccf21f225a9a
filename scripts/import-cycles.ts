// Import circles among the repository's own modules (docs/decisions/021-honest-packages.md), type-only
// imports included: a module that imports a type from a module that imports it back is still a
// circle in the design, even though the compiler erases the import. Each file's imports are read
// with TypeScript's pre-processor and resolved as the compiler resolves them under the tsconfig
// that includes the file, so workspace packages (`@studyatlas/core/...`) lead to their sources.
// Generated modules (React Router's `.react-router/` types) and installed packages are left out.
import path from "node:path";

import ts from "typescript";

/** A group of modules that import each other, with one circle through them as an example. */
export interface ImportCycle {
  /** The files along one circle, relative to the working folder; the first file closes it. */
  circle: string[];
  /** Every module of the group. */
  modules: string[];
}

interface Project {
  options: ts.CompilerOptions;
  cache: ts.ModuleResolutionCache;
}

const isLocal = (file: string) =>
  !file.includes(`${path.sep}node_modules${path.sep}`) &&
  !file.includes(`${path.sep}.react-router${path.sep}`);

function readProject(tsconfigPath: string): { project: Project; files: string[] } {
  const parsed = ts.getParsedCommandLineOfConfigFile(path.resolve(tsconfigPath), undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
    },
  });
  if (!parsed) throw new Error(`${tsconfigPath} could not be read.`);
  const cache = ts.createModuleResolutionCache(
    path.dirname(path.resolve(tsconfigPath)),
    (name) => name,
    parsed.options,
  );
  return {
    project: { options: parsed.options, cache },
    files: parsed.fileNames.map((file) => path.resolve(file)).filter(isLocal),
  };
}

/** Each local module's local imports, from the files the tsconfigs include and what they import. */
export function readImportGraph(tsconfigPaths: readonly string[]): Map<string, Set<string>> {
  const projectOf = new Map<string, Project>();
  const pending: string[] = [];
  for (const tsconfigPath of tsconfigPaths) {
    const { project, files } = readProject(tsconfigPath);
    for (const file of files) {
      if (projectOf.has(file)) continue;
      projectOf.set(file, project);
      pending.push(file);
    }
  }
  const graph = new Map<string, Set<string>>();
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (graph.has(file)) continue;
    const imports = new Set<string>();
    graph.set(file, imports);
    const project = projectOf.get(file) as Project;
    const text = ts.sys.readFile(file) ?? "";
    for (const { fileName } of ts.preProcessFile(text, true, true).importedFiles) {
      const resolved = ts.resolveModuleName(fileName, file, project.options, ts.sys, project.cache)
        .resolvedModule?.resolvedFileName;
      if (resolved === undefined) continue;
      const target = path.resolve(ts.sys.realpath?.(resolved) ?? resolved);
      if (!isLocal(target)) continue;
      imports.add(target);
      // A module outside every tsconfig (reached through an import) resolves as its importer does.
      if (!projectOf.has(target)) projectOf.set(target, project);
      if (!graph.has(target)) pending.push(target);
    }
  }
  return graph;
}

/** The strongly connected components of the graph (Tarjan's algorithm, without recursion). */
function stronglyConnected(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; next: Iterator<string> }> = [];
    const open = (node: string) => {
      index.set(node, index.size);
      lowLink.set(node, index.get(node) as number);
      stack.push(node);
      onStack.add(node);
      work.push({ node, next: (graph.get(node) ?? new Set<string>()).values() });
    };
    open(start);
    while (work.length > 0) {
      const frame = work[work.length - 1] as { node: string; next: Iterator<string> };
      const step = frame.next.next();
      if (!step.done) {
        const target = step.value;
        if (!index.has(target)) open(target);
        else if (onStack.has(target))
          lowLink.set(frame.node, Math.min(lowLink.get(frame.node)!, index.get(target)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent)
        lowLink.set(parent.node, Math.min(lowLink.get(parent.node)!, lowLink.get(frame.node)!));
      if (lowLink.get(frame.node) !== index.get(frame.node)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.node);
      components.push(component);
    }
  }
  return components;
}

/** The shortest way from `start` back to itself inside one component, as its files in order. */
function circleThrough(start: string, members: Set<string>, graph: Map<string, Set<string>>) {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift() as string;
    for (const target of graph.get(node) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const circle = [node];
        while (circle[0] !== start) circle.unshift(cameFrom.get(circle[0] as string) as string);
        return circle;
      }
      if (cameFrom.has(target)) continue;
      cameFrom.set(target, node);
      queue.push(target);
    }
  }
  return [start];
}

/**
 * One circle for every group of modules that import each other, as repository-relative paths;
 * empty when there is none.
 */
export function findImportCycles(
  tsconfigPaths: readonly string[],
  relativeTo: string = process.cwd(),
): ImportCycle[] {
  const graph = readImportGraph(tsconfigPaths);
  const cycles: ImportCycle[] = [];
  for (const component of stronglyConnected(graph)) {
    const [first] = component.sort();
    if (first === undefined) continue;
    if (component.length === 1 && !graph.get(first)?.has(first)) continue;
    const relative = (file: string) => path.relative(relativeTo, file).split(path.sep).join("/");
    cycles.push({
      circle: circleThrough(first, new Set(component), graph).map(relative),
      modules: component.map(relative),
    });
  }
  return cycles.sort((a, b) => (a.modules[0] ?? "").localeCompare(b.modules[0] ?? ""));
}
