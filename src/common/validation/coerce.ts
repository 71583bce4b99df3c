import { Transform } from 'class-transformer';

/** Marks a body parsed from application/x-www-form-urlencoded (set in app.setup.ts). */
const FORM_BODY = Symbol('formBody');

export function markFormBody(body: unknown): void {
  if (body && typeof body === 'object') Object.defineProperty(body, FORM_BODY, { value: true, enumerable: false });
}

const isForm = (obj: unknown): boolean => Boolean(obj && (obj as Record<symbol, unknown>)[FORM_BODY]);

// Query strings and form values are always text. Only values that are unambiguously an
// integer/boolean are converted; anything else is left for validation to refuse with Auth0's
// "Expected type ..." message.
const toInt = (value: unknown): unknown => (typeof value === 'string' && /^-?\d{1,15}$/.test(value) ? Number(value) : value);
const toBool = (value: unknown): unknown => (value === 'true' ? true : value === 'false' ? false : value);
const toList = (value: unknown): unknown => (typeof value === 'string' ? [value] : value);

export const QueryInt = (): PropertyDecorator => Transform(({ value }) => toInt(value));
export const QueryBool = (): PropertyDecorator => Transform(({ value }) => toBool(value));
/** A repeated query key arrives as an array, a single one as a string. */
export const QueryList = (): PropertyDecorator => Transform(({ value }) => toList(value));

/** JSON bodies keep their types; only form bodies are converted. */
export const FormBool = (): PropertyDecorator => Transform(({ value, obj }) => (isForm(obj) ? toBool(value) : (value as unknown)));
/** A form sends an array as repeated keys: one key arrives as a string. */
export const FormList = (): PropertyDecorator => Transform(({ value, obj }) => (isForm(obj) ? toList(value) : (value as unknown)));
