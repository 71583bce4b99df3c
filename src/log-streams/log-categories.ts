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

/** Every category name Auth0 accepts in a filter (the SDK's LogStreamFilterGroupNameEnum). */
export const LOG_STREAM_CATEGORIES = [
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

const CATEGORY_OF = new Map(Object.entries(CATEGORY_TYPES).flatMap(([category, types]) => types.map((type) => [type, category])));

/** The filter category of an event code. */
function categoryOf(type: string): string {
  return CATEGORY_OF.get(type) ?? 'other';
}

/** Whether a stream with these filters delivers an entry of this type: no filters deliver everything, as Auth0's. */
export function passesFilters(type: string, categories: ReadonlySet<string> | undefined): boolean {
  return !categories || categories.size === 0 || categories.has(categoryOf(type));
}
