import { LOG_ID_SQL, parseLogId } from './log-id.js';
import { invalidSearch } from './logs-errors.js';

/** A WHERE clause over tenant_logs and its parameters, from a search query. */
export interface LogFilter {
  sql: string;
  values: unknown[];
}

// Fields a query may name, each a tenant_logs column or log_id (Auth0's searchable log fields we store).
const TEXT_FIELDS = new Set([
  'type',
  'client_id',
  'client_name',
  'user_id',
  'user_name',
  'ip',
  'log_id',
  'audience',
  'scope',
  'hostname',
  'description',
]);
// A word without a field is looked for in these (Auth0 searches its own list of fields for a bare term).
const BARE_FIELDS = ['description', 'client_name', 'user_name', 'type', 'ip', 'log_id'];
const MAX_TERMS = 50;

/**
 * Auth0's Lucene-like log search, the subset we support: `field:value`, `field:"exact phrase"`,
 * `field:prefix*`, `date:[a TO b]` (`{}` exclusive, `*` open), bare words, AND / OR / NOT
 * (also `-term`), parentheses. Terms side by side are joined with AND. Anything else is a 400.
 */
export function parseLogSearch(query: string | undefined): LogFilter {
  if (query === undefined || query.trim() === '') return { sql: 'TRUE', values: [] };
  return new SearchParser(query).parse();
}

class SearchParser {
  private pos = 0;
  private terms = 0;
  private readonly values: unknown[] = [];

  constructor(private readonly text: string) {}

  parse(): LogFilter {
    const sql = this.or();
    this.skipSpace();
    if (this.pos < this.text.length) throw invalidSearch(`unexpected "${this.text[this.pos]}" at position ${this.pos}`);
    return { sql, values: this.values };
  }

  private or(): string {
    const parts = [this.and()];
    while (this.keyword('OR') || this.symbol('||')) parts.push(this.and());
    return parts.length === 1 ? parts[0] : `(${parts.join(' OR ')})`;
  }

  private and(): string {
    const parts = [this.unary()];
    for (;;) {
      if (this.keyword('AND') || this.symbol('&&')) parts.push(this.unary());
      else if (this.startsTerm()) parts.push(this.unary());
      else break;
    }
    return parts.length === 1 ? parts[0] : `(${parts.join(' AND ')})`;
  }

  private unary(): string {
    if (this.keyword('NOT') || this.symbol('-') || this.symbol('!')) return `NOT ${this.unary()}`;
    if (this.symbol('(')) {
      const inner = this.or();
      if (!this.symbol(')')) throw invalidSearch('missing closing parenthesis');
      return inner;
    }
    return this.term();
  }

  private term(): string {
    this.skipSpace();
    if (++this.terms > MAX_TERMS) throw invalidSearch(`too many terms (at most ${MAX_TERMS})`);
    const field = /^([A-Za-z_]+):/.exec(this.text.slice(this.pos));
    if (!field) return this.bare(this.value());
    this.pos += field[0].length;
    const name = field[1];
    if (name === 'date') return this.date();
    if (!TEXT_FIELDS.has(name)) throw invalidSearch(`unknown field "${name}"`);
    return this.match(name, this.value());
  }

  private bare(value: { text: string; quoted: boolean }): string {
    return `(${BARE_FIELDS.map((field) => this.match(field, value, true)).join(' OR ')})`;
  }

  /** Exact (case-insensitive for description), a prefix with a trailing `*`, or words within a description. */
  private match(name: string, value: { text: string; quoted: boolean }, loose = false): string {
    const field = name === 'log_id' ? LOG_ID_SQL : name;
    if (!value.quoted && value.text.endsWith('*')) {
      return `${field} ILIKE ${this.param(`${escapeLike(value.text.slice(0, -1))}%`)}`;
    }
    if (name === 'description' || loose) return `${field} ILIKE ${this.param(`%${escapeLike(value.text)}%`)}`;
    if (name === 'log_id') {
      // Through the (tx_id, seq) index; a value that is no id of ours matches nothing.
      const position = parseLogId(value.text);
      return position ? `(tx_id = ${this.param(String(position.tx))} AND seq = ${this.param(String(position.seq))})` : 'FALSE';
    }
    return `${field} = ${this.param(value.text)}`;
  }

  private date(): string {
    const open = this.text[this.pos];
    if (open !== '[' && open !== '{') {
      const day = this.value().text;
      const start = parseDate(day);
      // A bare date is that whole day (or that instant's millisecond when a time is given).
      const end = /^\d{4}-\d{2}-\d{2}$/.test(day) ? new Date(start.getTime() + 86_400_000) : new Date(start.getTime() + 1);
      return `(date >= ${this.param(start)} AND date < ${this.param(end)})`;
    }
    this.pos++;
    const from = this.rangeBound();
    if (!this.keyword('TO')) throw invalidSearch('expected TO in a date range');
    const to = this.rangeBound();
    const close = this.text[this.pos];
    if (close !== ']' && close !== '}') throw invalidSearch('missing closing bracket of a date range');
    this.pos++;
    const parts: string[] = [];
    if (from !== '*') parts.push(`date ${open === '[' ? '>=' : '>'} ${this.param(parseDate(from))}`);
    if (to !== '*') parts.push(`date ${close === ']' ? '<=' : '<'} ${this.param(parseDate(to))}`);
    return parts.length ? `(${parts.join(' AND ')})` : 'TRUE';
  }

  private rangeBound(): string {
    this.skipSpace();
    if (this.text[this.pos] === '"') return this.quoted();
    const match = /^[^\s\]}]+/.exec(this.text.slice(this.pos));
    if (!match) throw invalidSearch('missing a date range bound');
    this.pos += match[0].length;
    return match[0];
  }

  private value(): { text: string; quoted: boolean } {
    this.skipSpace();
    if (this.text[this.pos] === '"') return { text: this.quoted(), quoted: true };
    const match = /^[^\s()"]+/.exec(this.text.slice(this.pos));
    if (!match) throw invalidSearch(`expected a value at position ${this.pos}`);
    this.pos += match[0].length;
    return { text: match[0], quoted: false };
  }

  private quoted(): string {
    const match = /^"((?:[^"\\]|\\.)*)"/.exec(this.text.slice(this.pos));
    if (!match) throw invalidSearch('unterminated quoted phrase');
    this.pos += match[0].length;
    return match[1].replace(/\\(.)/g, '$1');
  }

  private startsTerm(): boolean {
    this.skipSpace();
    const rest = this.text.slice(this.pos);
    return rest.length > 0 && !rest.startsWith(')') && !/^(OR|\|\|)(\s|$)/.test(rest);
  }

  private keyword(word: string): boolean {
    this.skipSpace();
    if (!new RegExp(`^${word}(\\s|\\(|$)`).test(this.text.slice(this.pos))) return false;
    this.pos += word.length;
    return true;
  }

  private symbol(symbol: string): boolean {
    this.skipSpace();
    if (!this.text.startsWith(symbol, this.pos)) return false;
    this.pos += symbol.length;
    return true;
  }

  private skipSpace(): void {
    while (this.pos < this.text.length && /\s/.test(this.text[this.pos])) this.pos++;
  }

  private param(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

function parseDate(text: string): Date {
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) throw invalidSearch(`invalid date "${text}"`);
  return date;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
