// Preloaded (`node --import`) into a server under test: prints a line for every Intl object the
// process makes, with where it was made. The first one loads ICU's locale data (~8 MB of RSS).

const made = (name: string): void => {
  const where = new Error().stack?.split('\n').slice(2, 6).join(' | ') ?? '';
  process.stdout.write(`${JSON.stringify({ probe: 'intl', made: name, where })}\n`);
};

const intl = Intl as unknown as Record<string, unknown>;
for (const name of Object.getOwnPropertyNames(Intl)) {
  const original = intl[name];
  if (typeof original !== 'function' || !/^[A-Z]/.test(name)) continue;
  intl[name] = new Proxy(original, {
    construct(target, args, newTarget) {
      made(name);
      return Reflect.construct(target, args, newTarget) as object;
    },
    apply(target, self, args) {
      made(name);
      return Reflect.apply(target, self, args) as unknown;
    },
  });
}
