// The bare baseline: the least code that does the service's work for the benchmarked routes
// (verify the RS256 token with a cached key, check the scope, the same SQL effect, the same status
// codes, and for a write its tenant log entry in the same transaction). Statements are prepared
// (named), as the service's are. Its throughput is this machine's limit for that work
// (docs/performance.md).
//
// Env: PORT, DATABASE_URL, JWKS_URI, TOKEN_ISSUER, TOKEN_AUDIENCE, DATABASE_POOL_SIZE (default 20, the service's default).
import { createServer } from 'node:http';
import pg from 'pg';
import { importJWK, jwtVerify } from 'jose';

const { PORT = '0', DATABASE_URL, JWKS_URI, TOKEN_ISSUER, TOKEN_AUDIENCE, DATABASE_POOL_SIZE = '20' } = process.env;
// random_page_cost as the service's pool sets it (src/database/prisma.service.ts).
const pool = new pg.Pool({ connectionString: DATABASE_URL, max: Number(DATABASE_POOL_SIZE), options: '-c random_page_cost=1.1' });

// One fetch at boot, keys imported once (CryptoKey, jose's native form) and cached by kid,
// as the service caches its JWKS.
const keys = new Map();
for (const jwk of (await (await fetch(JWKS_URI)).json()).keys) keys.set(jwk.kid, await importJWK(jwk, 'RS256'));
const getKey = (header) => {
  const key = keys.get(header.kid);
  if (!key) throw new Error('unknown kid');
  return key;
};
const verifyOptions = { algorithms: ['RS256'], issuer: TOKEN_ISSUER, audience: TOKEN_AUDIENCE };

const PREFIX = '/api/v2/';
const RESERVED = ['http://auth0.com', 'https://auth0.com', 'http://okta.com', 'https://okta.com', 'urn:ietf', 'urn:auth0', 'urn:okta'];
const PROFILE_COLUMNS = 'id, name, subject_token_type, action_id, type, created_at, updated_at';
// log_id is '900' and (tx_id, seq) as 20 digits each (src/logs/log-id.ts).
const LOG_COLUMNS = `'900' || lpad(tx_id::text, 20, '0') || lpad(seq::text, 20, '0') AS log_id,
  date, type, description, client_id, client_name, ip, user_agent, hostname, user_id, user_name, audience, scope,
  details::json AS details`;

function send(res, status, body) {
  if (body === undefined) {
    res.writeHead(status);
    res.end();
    return;
  }
  sendJson(res, status, JSON.stringify(body));
}
function sendJson(res, status, json) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json) });
  res.end(json);
}
const fail = (res, status, errorCode, message) => send(res, status, { statusCode: status, error: String(status), message, errorCode });

/**
 * The write's sapi entry, as the service records it (who called, from where, what was asked, what was
 * answered): one INSERT on the write's own connection, before its COMMIT.
 */
function logEntry(client, req, payload, description, statusCode, body) {
  const ip = req.socket.remoteAddress;
  const userAgent = req.headers['user-agent'] ?? null;
  const details = JSON.stringify({
    request: {
      method: req.method.toLowerCase(),
      path: req.url.split('?')[0],
      query: {},
      userAgent,
      body: body ?? {},
      channel: 'api',
      ip,
      auth: {
        user: {},
        strategy: 'jwt',
        credentials: { sub: payload.sub, client_id: payload.azp, scopes: String(payload.scope).split(' ') },
      },
    },
    response: { statusCode },
  });
  return client.query({
    name: 'log_entry',
    text: `INSERT INTO tenant_logs (type, description, client_id, ip, user_agent, hostname, client_name, details)
           SELECT 'sapi', $1, $2, $3, $4, 'bench.local', (SELECT name FROM clients WHERE client_id = $2), $5`,
    values: [description, payload.azp, ip, userAgent, details],
  });
}

/** A write and its entry in one transaction on one pooled connection: both or neither. */
async function inTransaction(work) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query(result === ROLLBACK ? 'ROLLBACK' : 'COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
const ROLLBACK = Symbol('rollback');

const query = (name, text, values, types) => pool.query({ name, text, values, types });
// Log details as the JSON text PostgreSQL checked, spliced into the answer unparsed, as the service does.
const DETAILS_AS_TEXT = { getTypeParser: (oid, format) => (oid === 114 ? (value) => value : pg.types.getTypeParser(oid, format)) };

async function authorize(req, res, scope) {
  const header = req.headers.authorization;
  if (!header?.startsWith('Bearer ')) return (fail(res, 401, 'invalid_token', 'Missing authentication'), false);
  let payload;
  try {
    ({ payload } = await jwtVerify(header.slice(7), getKey, verifyOptions));
  } catch {
    return (fail(res, 401, 'invalid_token', 'Invalid token'), false);
  }
  if (
    !payload.sub ||
    !String(payload.scope ?? '')
      .split(' ')
      .includes(scope)
  ) {
    return (fail(res, 403, 'insufficient_scope', `Insufficient scope, expected any of: ${scope}`), false);
  }
  return payload;
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** The PATCH body rules: an object, at least one property, only name / subject_token_type, lengths and prefixes. */
function invalidPatch(body) {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'Expected type object';
  const keys = Object.keys(body);
  if (keys.length === 0) return 'Too few properties defined (0), minimum 1';
  for (const key of keys) if (key !== 'name' && key !== 'subject_token_type') return `Additional properties not allowed: ${key}`;
  if (body.name !== undefined && (typeof body.name !== 'string' || body.name.length < 3 || body.name.length > 50)) return 'bad name';
  const stt = body.subject_token_type;
  if (stt !== undefined) {
    if (typeof stt !== 'string' || stt.length < 8 || stt.length > 100) return 'bad subject_token_type';
    const lower = stt.toLowerCase();
    if (!lower.startsWith('https://') && !lower.startsWith('urn:')) return 'bad subject_token_type';
    if (RESERVED.some((p) => lower.startsWith(p))) return 'reserved prefix';
    try {
      new URL(stt);
    } catch {
      return 'not a URI';
    }
  }
  return undefined;
}

const view = (row) => ({
  id: row.id,
  name: row.name,
  subject_token_type: row.subject_token_type,
  action_id: row.action_id,
  type: row.type,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

async function route(req, res) {
  const url = req.url;
  const q = url.indexOf('?');
  const path = (q === -1 ? url : url.slice(0, q)).slice(PREFIX.length);
  if (!url.startsWith(PREFIX)) return fail(res, 404, 'not_found', 'Not Found');
  const parts = path.split('/').map(decodeURIComponent);

  if (parts[0] === 'organizations' && parts[2] === 'client-grants') {
    const [, orgId, , grantId] = parts;
    if (req.method === 'DELETE' && parts.length === 4) {
      const payload = await authorize(req, res, 'delete:organization_client_grants');
      if (!payload) return;
      if (orgId.length > 50) return fail(res, 400, 'invalid_uri', 'Path validation error');
      const found = await inTransaction(async (client) => {
        const { rows } = await client.query({
          name: 'remove_grant',
          text: `WITH org AS (SELECT id FROM organizations WHERE id = $1),
                      deleted AS (DELETE FROM organization_client_grants WHERE organization_id IN (SELECT id FROM org) AND grant_id = $2)
                 SELECT EXISTS (SELECT 1 FROM org) AS found`,
          values: [orgId, grantId],
        });
        if (!rows[0].found) return ROLLBACK;
        await logEntry(client, req, payload, 'Delete client grant from organization', 204);
        return true;
      });
      if (found === ROLLBACK) return fail(res, 404, 'inexistent_organization', 'No organization found by that id or name');
      return send(res, 204);
    }
    if (req.method === 'GET' && parts.length === 3) {
      if (!(await authorize(req, res, 'read:organization_client_grants'))) return;
      if (orgId.length > 50) return fail(res, 400, 'invalid_uri', 'Path validation error');
      const { rows } = await query(
        'list_grants',
        `SELECT o.id AS org, g.id, g.client_id, g.audience, g.scope, g.organization_usage, g.allow_any_organization
           FROM organizations o
           LEFT JOIN organization_client_grants ocg ON ocg.organization_id = o.id
           LEFT JOIN client_grants g ON g.id = ocg.grant_id
          WHERE o.id = $1 ORDER BY g.id LIMIT 50`,
        [orgId],
      );
      if (rows.length === 0) return fail(res, 404, 'inexistent_organization', 'No organization found by that id or name');
      const grants = [];
      for (const r of rows) {
        if (!r.id) continue;
        const g = { id: r.id, client_id: r.client_id, audience: r.audience, scope: r.scope };
        if (r.organization_usage !== null) g.organization_usage = r.organization_usage;
        if (r.allow_any_organization !== null) g.allow_any_organization = r.allow_any_organization;
        grants.push(g);
      }
      return send(res, 200, grants);
    }
  }

  if (parts[0] === 'token-exchange-profiles' && parts.length === 2) {
    const id = parts[1];
    if (req.method === 'GET') {
      if (!(await authorize(req, res, 'read:token_exchange_profiles'))) return;
      const { rows } = await query('get_profile', `SELECT ${PROFILE_COLUMNS} FROM token_exchange_profiles WHERE id = $1`, [id]);
      return rows[0]
        ? send(res, 200, view(rows[0]))
        : fail(res, 404, 'inexistent_token_exchange_profile', 'Token exchange profile not found.');
    }
    if (req.method === 'PATCH') {
      const payload = await authorize(req, res, 'update:token_exchange_profiles');
      if (!payload) return;
      let body;
      try {
        body = JSON.parse(await readBody(req));
      } catch {
        return fail(res, 400, 'invalid_body', 'Invalid JSON body.');
      }
      const invalid = invalidPatch(body);
      if (invalid) return fail(res, 400, 'invalid_body', `Payload validation error: '${invalid}'.`);
      try {
        const row = await inTransaction(async (client) => {
          const { rows } = await client.query({
            name: 'update_profile',
            text: `UPDATE token_exchange_profiles
                      SET name = COALESCE($2, name), subject_token_type = COALESCE($3, subject_token_type), updated_at = $4
                    WHERE id = $1 RETURNING ${PROFILE_COLUMNS}`,
            values: [id, body.name ?? null, body.subject_token_type ?? null, new Date()],
          });
          if (!rows[0]) return ROLLBACK;
          await logEntry(client, req, payload, 'Update a token exchange profile', 200, body);
          return rows[0];
        });
        if (row === ROLLBACK) return fail(res, 404, 'inexistent_token_exchange_profile', 'Token exchange profile not found.');
        return send(res, 200, view(row));
      } catch (error) {
        if (error.code === '23505')
          return fail(
            res,
            409,
            'token_exchange_profile_conflict',
            'Token exchange profile with the same subject_token_type already exists',
          );
        throw error;
      }
    }
    if (req.method === 'DELETE') {
      const payload = await authorize(req, res, 'delete:token_exchange_profiles');
      if (!payload) return;
      await inTransaction(async (client) => {
        await client.query({ name: 'delete_profile', text: 'DELETE FROM token_exchange_profiles WHERE id = $1', values: [id] });
        await logEntry(client, req, payload, 'Delete a token exchange profile', 204);
      });
      return send(res, 204);
    }
  }
  if (parts[0] === 'logs' && parts.length === 1 && req.method === 'GET') {
    if (!(await authorize(req, res, 'read:logs'))) return;
    // A checkpoint (from/take): final entries after `from` in log_id order; else the first page by date.
    const params = new URL(url, 'http://baseline').searchParams;
    const { rows } = params.has('from')
      ? await query(
          'logs_checkpoint',
          `SELECT ${LOG_COLUMNS} FROM tenant_logs
            WHERE tx_id < pg_snapshot_xmin(pg_current_snapshot())::text::bigint AND (tx_id, seq) > ($1, $2)
            ORDER BY tenant_logs.tx_id, tenant_logs.seq LIMIT $3`,
          [params.get('from').slice(3, 23), params.get('from').slice(23), Number(params.get('take') ?? 50)],
          DETAILS_AS_TEXT,
        )
      : await query(
          'logs_first_page',
          `SELECT ${LOG_COLUMNS} FROM tenant_logs ORDER BY date DESC, tx_id DESC, seq DESC LIMIT 50`,
          [],
          DETAILS_AS_TEXT,
        );
    const events = rows.map(({ details, ...row }) => {
      const json = JSON.stringify({ ...row, date: row.date.toISOString() });
      return details === null ? json : `${json.slice(0, -1)},"details":${details}}`;
    });
    return sendJson(res, 200, `[${events.join(',')}]`);
  }
  return fail(res, 404, 'not_found', 'Not Found');
}

const server = createServer((req, res) => {
  route(req, res).catch((error) => {
    process.stderr.write(`baseline: ${error.stack}\n`);
    if (!res.headersSent) fail(res, 500, 'internal_error', 'Internal error.');
  });
});
server.keepAliveTimeout = 72_000;
server.listen(Number(PORT), '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ listening: server.address().port })}\n`);
});
process.on('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  pool.end().finally(() => process.exit(0));
});
