// Auth0's log stream filter categories (docs: "Log Stream Filters") and the event codes each holds,
// for the codes this server writes or may write. A code in no category is Auth0's "other".
const CATEGORY_TYPES: Readonly<Record<string, readonly string[]>> = {
  'management.success': ['sapi', 'mgmt_api_read'],
  // Auth0's page lists no code under "Management API - Failure"; fapi is its "Failed API Operation".
  'management.fail': ['fapi'],
  // secte/fecte (custom token exchange) are not on Auth0's page; they are token exchanges, so here (our choice).
  'auth.token_exchange.success': ['seacft', 'seccft', 'sede', 'seoobft', 'seotpft', 'sepft', 'sercft', 'sertft', 'secte'],
  'auth.token_exchange.fail': ['feacft', 'feccft', 'fede', 'feoobft', 'feotpft', 'fepft', 'fepotpft', 'fercft', 'ferrt', 'fertft', 'fecte'],
  actions: ['actions_execution_failed'],
};

// The events a priority stream created without filters receives (Auth0's "Prioritized Log Streams"
// page): Auth0 answers such a stream with a `security` category filter, named in no SDK's enum.
const SECURITY_TYPES: ReadonlySet<string> = new Set([
  ...['limit_mu', 'limit_sul', 'limit_wc', 'pwd_leak', 'ublkdu', 'signup_pwd_leak', 'reset_pwd_leak', 'gd_send_sms'],
]);
export const SECURITY_CATEGORY = 'security';

/** Every category name Auth0 accepts in a filter (the SDK's LogStreamFilterGroupNameEnum). */
const LOG_STREAM_CATEGORIES = [
  'auth.ancillary.fail',
  'auth.ancillary.success',
  'auth.login.fail',
  'auth.login.notification',
  'auth.login.success',
  'auth.logout.fail',
  'auth.logout.success',
  'auth.signup.fail',
  'auth.signup.success',
  'auth.silent_auth.fail',
  'auth.silent_auth.success',
  'auth.token_exchange.fail',
  'auth.token_exchange.success',
  'management.fail',
  'management.success',
  'scim.event',
  'system.notification',
  'user.fail',
  'user.notification',
  'user.success',
  'actions',
  'other',
] as const;

/** What a filter may name: the SDK's categories, and `security`, which Auth0 answers and so clients send back. */
export const FILTER_CATEGORIES = [...LOG_STREAM_CATEGORIES, SECURITY_CATEGORY] as const;

const CATEGORY_OF = new Map(Object.entries(CATEGORY_TYPES).flatMap(([category, types]) => types.map((type) => [type, category])));

/** The filter category of an event code. */
function categoryOf(type: string): string {
  return CATEGORY_OF.get(type) ?? 'other';
}

/** Whether a stream with these filters delivers an entry of this type: no filters deliver everything, as Auth0's. */
export function passesFilters(type: string, categories: ReadonlySet<string> | undefined): boolean {
  if (!categories || categories.size === 0) return true;
  return categories.has(categoryOf(type)) || (categories.has(SECURITY_CATEGORY) && SECURITY_TYPES.has(type));
}
