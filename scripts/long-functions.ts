/**
 * Lists the functions in services/<name>/src longer than the limit (120 lines, from the line of the function's
 * start to the line of its end) and exits 1 when there is one. A function that long does several things; its
 * parts read and test better as functions of their own.
 *
 *   npx tsx scripts/long-functions.ts            # the limit of 120 lines
 *   npx tsx scripts/long-functions.ts --max 80   # another limit, to see what comes next
 *
 * Tests count too (a `describe` callback is a function), except the test's own callbacks passed to `describe`
 * and `it`: their length is the number of cases, not of steps.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TEST_BLOCKS = new Set(['describe', 'it', 'test']);

export interface LongFunction {
  file: string;
  line: number;
  name: string;
  lines: number;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return entry === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry) && !entry.endsWith('.d.ts') ? [path] : [];
  });
}

/** The name a reader looks for: the function's own, the variable or property it is assigned to, or `(anonymous)`. */
function nameOf(node: ts.FunctionLikeDeclaration): string {
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && parent.name)
    return parent.name.getText();
  if (ts.isCallExpression(parent)) return `(callback of ${parent.expression.getText().slice(0, 40)})`;
  return '(anonymous)';
}

/** A callback handed straight to `describe(…)`, `it(…)` or `test(…)` (also `.each`, `.skip`…). */
function isTestBlock(node: ts.Node): boolean {
  const call = node.parent;
  if (!call || !ts.isCallExpression(call)) return false;
  let callee: ts.Expression = call.expression;
  while (ts.isPropertyAccessExpression(callee) || ts.isCallExpression(callee))
    callee = ts.isCallExpression(callee) ? callee.expression : callee.expression;
  return ts.isIdentifier(callee) && TEST_BLOCKS.has(callee.text);
}

export function longFunctions(max: number, root = ROOT): LongFunction[] {
  const services = join(root, 'services');
  const found: LongFunction[] = [];
  for (const service of readdirSync(services)) {
    const src = join(services, service, 'src');
    if (!statSync(src, { throwIfNoEntry: false })?.isDirectory()) continue;
    for (const path of sourceFiles(src)) {
      const file = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
      const visit = (node: ts.Node): void => {
        if (ts.isFunctionLike(node) && 'body' in node && node.body && !isTestBlock(node)) {
          const start = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
          const end = file.getLineAndCharacterOfPosition(node.getEnd()).line;
          const lines = end - start + 1;
          if (lines > max)
            found.push({
              file: relative(root, path),
              line: start + 1,
              name: nameOf(node as ts.FunctionLikeDeclaration),
              lines,
            });
        }
        ts.forEachChild(node, visit);
      };
      visit(file);
    }
  }
  return found.sort((a, b) => b.lines - a.lines);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const at = process.argv.indexOf('--max');
  const max = at > 0 ? Number(process.argv[at + 1]) : 120;
  const found = longFunctions(max);
  for (const f of found) console.log(`${f.file}:${f.line}  ${f.name}  ${f.lines} lines`);
  console.log(
    found.length === 0 ? `No function in services/*/src is over ${max} lines.` : `${found.length} over ${max} lines.`,
  );
  process.exit(found.length === 0 ? 0 : 1);
}
