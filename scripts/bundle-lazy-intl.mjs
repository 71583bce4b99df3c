// Intl formatters made when first used instead of when their module loads (used by scripts/bundle.mjs).
//
// The first Intl object a process makes loads ICU's locale data: ~8 MB more RSS for the life of
// the process (6.4 MB of it the node binary's ICU pages; bench/NOTES.md, issue 12, twenty-seventh
// session). Nest's two loggers make a DateTimeFormat each as their modules load, for the
// timestamps ConsoleLogger prints; this service logs through JsonLogger, so that memory bought
// nothing. In the bundle each such formatter becomes a proxy that makes it on first use.

/** Top-level `const name = new Intl.DateTimeFormat(` in a module's source. */
const FORMATTER = /^const (\w+) = new (Intl\.DateTimeFormat)\(/gm;

/** The index just past the parenthesis that closes the one opened before `from`. */
function closingParen(code, from) {
  let depth = 1;
  for (let i = from; i < code.length; i++) {
    if (code[i] === '(') depth++;
    else if (code[i] === ')' && --depth === 0) return i + 1;
  }
  throw new Error(`no closing parenthesis after offset ${from}`);
}

/** Same properties and methods as the formatter, which is made at the first property read. */
const lazy = (make) =>
  `new Proxy({}, { get(_, key) { made ??= ${make}; const value = made[key]; return typeof value === 'function' ? value.bind(made) : value; } })`;

/** `code` with each top-level Intl formatter made lazily; `replaced` counts them. */
export function lazyIntlFormatters(code) {
  let out = '';
  let at = 0;
  let replaced = 0;
  for (const match of code.matchAll(FORMATTER)) {
    if (match.index < at) continue;
    const [statement, name, constructor] = match;
    const argsStart = match.index + statement.length;
    const end = closingParen(code, argsStart);
    const make = `new ${constructor}(${code.slice(argsStart, end)}`;
    out += `${code.slice(at, match.index)}const ${name} = (() => { let made; return ${lazy(make)}; })()`;
    at = end;
    replaced++;
  }
  return { code: out + code.slice(at), replaced };
}
