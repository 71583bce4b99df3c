import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { AppConfig } from './app-config.schema.js';
import { ENV_NAMES } from './env.schema.js';

// The class lives beside its decorators; everything that injects or loads it imports it from here.
export { AppConfig };

/** Raised for a bad environment value; main.ts prints its message as the single boot-failure line. */
export class ConfigError extends Error {}

/** The documented HAProxy check (docs/haproxy.cfg: inter 1s, fall 2, timeout check 1s) notices a failing readiness within 3 s. */
const DEFAULT_DRAIN_DELAY_MS = 3000;

/** Every variable name the service reads, for checks such as the compose-file test. */
export const ENV_VARIABLES = [...ENV_NAMES.values()];

let last: { key: string; config: AppConfig } | undefined;

/**
 * The configuration from `env`. Validated once: main.ts loads it to fail the boot with one line,
 * and ConfigModule, loading the same environment, gets that same instance back.
 */
export function loadConfig(env: Record<string, string | undefined>): AppConfig {
  const raw = Object.fromEntries(ENV_VARIABLES.map((name) => [name, emptyToUndefined(env[name])]));
  const key = JSON.stringify(raw);
  if (last?.key !== key) last = { key, config: validated(raw) };
  return last.config;
}

function validated(raw: Record<string, string | undefined>): AppConfig {
  const config = plainToInstance(AppConfig, raw, { excludeExtraneousValues: true, exposeDefaultValues: true });
  const first = validateSync(config, { forbidUnknownValues: false }).at(0);
  if (first) {
    const name = ENV_NAMES.get(first.property) ?? first.property;
    // class-validator lists failed constraints bottom-up; the top decorator (the type check) is
    // the one to report: "eighty" is "not an integer", not "greater than 65535".
    const reason = Object.values(first.constraints ?? {}).at(-1) ?? 'is invalid';
    const shown = `${name} ${reason.startsWith(`${first.property} `) ? reason.slice(first.property.length + 1) : reason}`;
    // A rejected secret is still someone's secret: it is not echoed into the boot log.
    const got = /_(SECRET|KEY)$/.test(name) ? '(value hidden)' : JSON.stringify(raw[name]);
    throw new ConfigError(`Invalid configuration: ${shown} (got ${got})`);
  }
  // Node lets the request timeout cut the headers wait short; a larger headers timeout would be a silent no-op.
  if (config.httpHeadersTimeoutMs > config.httpRequestTimeoutMs) {
    throw new ConfigError(
      `Invalid configuration: HTTP_HEADERS_TIMEOUT_MS must not exceed HTTP_REQUEST_TIMEOUT_MS (got ${config.httpHeadersTimeoutMs} and ${config.httpRequestTimeoutMs})`,
    );
  }
  // Until they are resolved here, the derived settings are what the environment gave: possibly unset.
  const unresolved: Partial<
    Pick<AppConfig, 'tenantDomain' | 'tokenIssuer' | 'tokenAudience' | 'shutdownDrainDelayMs' | 'mailFrom' | 'mailDir'>
  > = config;
  const tenantDomain = unresolved.tenantDomain ?? `localhost:${config.port}`;
  return Object.assign(config, {
    tenantDomain,
    dataDir: resolve(config.dataDir),
    mailFrom: unresolved.mailFrom ?? `no-reply@${tenantDomain.replace(/:\d+$/, '')}`,
    mailDir: resolve(unresolved.mailDir ?? join(config.dataDir, 'mail')),
    tokenIssuer: unresolved.tokenIssuer ?? `https://${tenantDomain}/`,
    tokenAudience: unresolved.tokenAudience ?? `https://${tenantDomain}/api/v2/`,
    tls: tlsFiles(config.tlsCertFile, config.tlsKeyFile),
    shutdownDrainDelayMs: unresolved.shutdownDrainDelayMs ?? (config.databaseUrl ? DEFAULT_DRAIN_DELAY_MS : 0),
  });
}

/** HTTPS needs both files; one without the other is a mistake worth refusing at boot. */
function tlsFiles(certFile?: string, keyFile?: string): AppConfig['tls'] {
  if (!certFile && !keyFile) return undefined;
  if (!certFile || !keyFile) throw new ConfigError('Invalid configuration: TLS_CERT_FILE and TLS_KEY_FILE must be set together');
  for (const [name, file] of [
    ['TLS_CERT_FILE', certFile],
    ['TLS_KEY_FILE', keyFile],
  ]) {
    if (!existsSync(file)) throw new ConfigError(`Invalid configuration: ${name} does not exist (got ${JSON.stringify(file)})`);
  }
  return { certFile: resolve(certFile), keyFile: resolve(keyFile) };
}

function emptyToUndefined(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}
