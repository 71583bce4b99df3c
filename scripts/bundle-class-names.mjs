// Class names in the bundle without redefining them at run time (used by scripts/bundle.mjs).
//
// Bundling renames a class whose name clashes with another in the bundle's one scope (pg's
// `Query` becomes `Query3 = class extends EventEmitter`), and `.name` then says so where Nest's log
// contexts, module names and the OpenAPI schemas read it. esbuild's keepNames puts names back with
// a call that redefines `name` (`static { __name(this, "Query") }` in each class), and wraps every
// function too, closures created per request included: +20-50% CPU per request (measured).
//
// Redefining a class's `name` is not free either: on pg's Query and Result it made the objects of
// every statement outlive two scavenges about 1.6 times as often (bench/NOTES.md, issue 12 tenth
// session), so this gives each class its name as V8 gives it, in the source: the anonymous class
// expression `X2 = class extends Y { static { __name(this, "X") } ... }` becomes
// `X2 = class X extends Y { ... }`. That is only safe when the class does not mention `X` itself
// (its own name would then shadow whatever `X` meant there, and `extends X` would throw), so such a
// class keeps the call. Functions keep their names anyway (identifiers are not minified); their
// wrapper becomes the identity.
import ts from 'typescript';

const HELPER = 'var __name=(target,value)=>__defProp(target,"name",{value,configurable:!0})';

/** The name a class's `static { __name(this, "Name") }` block gives it, or undefined. */
function staticNameBlock(member) {
  if (!ts.isClassStaticBlockDeclaration(member) || member.body.statements.length !== 1) return undefined;
  const [statement] = member.body.statements;
  if (!ts.isExpressionStatement(statement) || !ts.isCallExpression(statement.expression)) return undefined;
  const { expression: callee, arguments: args } = statement.expression;
  if (!ts.isIdentifier(callee) || callee.text !== '__name' || args.length !== 2) return undefined;
  if (args[0].kind !== ts.SyntaxKind.ThisKeyword || !ts.isStringLiteral(args[1])) return undefined;
  return args[1].text;
}

function mentions(node, name) {
  let found = false;
  const visit = (child) => {
    if (found) return;
    if (ts.isIdentifier(child) && child.text === name) found = true;
    else ts.forEachChild(child, visit);
  };
  ts.forEachChild(node, visit);
  return found;
}

/**
 * The uses of a class's own name inside it, when every one is a plain reference to the class (so
 * renaming them all renames the binding); undefined when one declares something else of that name
 * or is a property name or shorthand.
 */
function selfReferences(node, own) {
  const found = [];
  let unsafe = false;
  const visit = (child) => {
    if (unsafe) return;
    if (ts.isIdentifier(child) && child.text === own) {
      const parent = child.parent;
      const plain = ts.isPropertyAccessExpression(parent)
        ? parent.expression === child
        : ts.isPropertyAssignment(parent)
          ? parent.initializer === child
          : !ts.isShorthandPropertyAssignment(parent) && parent.name !== child && parent.propertyName !== child && parent.label !== child;
      if (plain) found.push(child);
      else unsafe = true;
    } else ts.forEachChild(child, visit);
  };
  node.members.forEach(visit);
  node.heritageClauses?.forEach(visit);
  return unsafe ? undefined : found;
}

/**
 * The edits that write `name` into the class's source (none when it already has it), or undefined
 * when the class must keep setting it at run time.
 */
function namingEdits(node, name, source) {
  const own = node.name?.text;
  if (own === name) return [];
  // A declaration's name binds outside the class too: only an expression's own name is changed.
  if (!ts.isClassExpression(node) || mentions(node, name)) return undefined;
  if (own === undefined) {
    const keyword = node.getStart(source) + 'class'.length;
    return [{ at: keyword, end: keyword, text: ` ${name}` }];
  }
  // `X = class _X { ... _X.foo ... }`: the class's own binding is renamed, with its uses.
  const references = selfReferences(node, own);
  return references && [node.name, ...references].map((id) => ({ at: id.getStart(source), end: id.end, text: name }));
}

/** esbuild's output with class names written into the classes; `kept`: classes that still set theirs at run time. */
export function writeClassNames(code) {
  if (code.split(HELPER).length !== 2) throw new Error(`esbuild's __name helper changed: update ${import.meta.url}`);
  const source = ts.createSourceFile('bundle.js', code, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const edits = [];
  let kept = 0;
  const visit = (node) => {
    if (ts.isClassExpression(node) || ts.isClassDeclaration(node)) {
      for (const block of node.members) {
        const name = staticNameBlock(block);
        if (name === undefined) continue;
        const naming = namingEdits(node, name, source);
        if (naming) edits.push(...naming, { at: block.getStart(source), end: block.end, text: '' });
        else {
          kept += 1;
          const callee = block.body.statements[0].expression.expression;
          edits.push({ at: callee.getStart(source), end: callee.end, text: '__className' });
        }
        break;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  edits.sort((a, b) => b.at - a.at);
  let out = code;
  for (const { at, end, text } of edits) out = out.slice(0, at) + text + out.slice(end);
  out = out.replace(HELPER, 'var __name=(target)=>target,__className=(target,value)=>__defProp(target,"name",{value,configurable:!0})');
  return { code: out, kept };
}
