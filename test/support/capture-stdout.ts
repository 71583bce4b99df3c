/**
 * Records the JSON log lines written to stdout while `fn` runs (and keeps them out of the test
 * output); anything else, such as the test runner's own protocol, passes through untouched.
 */
export async function captureLogLines(fn: () => Promise<void>): Promise<Record<string, unknown>[]> {
  const lines: Record<string, unknown>[] = [];
  const original = process.stdout.write.bind(process.stdout);
  process.stdout.write = (chunk: string | Uint8Array, ...rest: unknown[]) => {
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    if (!text.startsWith('{"level":')) return (original as (...a: unknown[]) => boolean)(chunk, ...rest);
    for (const line of text.split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
    return true;
  };
  try {
    await fn();
  } finally {
    process.stdout.write = original;
  }
  return lines;
}
