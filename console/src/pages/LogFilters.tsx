import { Button, Checkbox, Group, NativeSelect, TextInput } from '@mantine/core';
import { useState, type SubmitEvent } from 'react';

interface Filters {
  type: string;
  clientId: string;
  from: string;
  to: string;
  text: string;
}
export const NO_FILTERS: Filters = { type: '', clientId: '', from: '', to: '', text: '' };

const TYPES = [
  { value: '', label: 'Any type' },
  { value: 'sapi', label: 'sapi: Management API success' },
  { value: 'fapi', label: 'fapi: Management API failure' },
  { value: 'seccft', label: 'seccft: client credentials token' },
  { value: 'feccft', label: 'feccft: failed client credentials' },
  { value: 'secte', label: 'secte: token exchange' },
  { value: 'fecte', label: 'fecte: failed token exchange' },
];

/** The day after `day` (YYYY-MM-DD), so that a range "to" a day takes that whole day. */
function dayAfter(day: string): string {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** The API's Lucene subset: each filter a field:value term, dates a [from TO to} range (UTC days), the free text as given. */
export function searchOf(filters: Filters): string {
  const range = filters.from || filters.to ? `date:[${filters.from || '*'} TO ${filters.to ? dayAfter(filters.to) : '*'}}` : '';
  const terms = [filters.type && `type:${filters.type}`, filters.clientId && `client_id:"${filters.clientId}"`, range, filters.text.trim()];
  return terms.filter(Boolean).join(' AND ');
}

/** The live view's own filter for type and client; dates and free text are left to the server's search on Apply. */
export function matches(entry: { type: string; client_id?: string }, filters: Filters): boolean {
  return (!filters.type || entry.type === filters.type) && (!filters.clientId || entry.client_id === filters.clientId);
}

export function LogFilters(props: { onApply: (filters: Filters) => void; live: boolean; onLive: (live: boolean) => void }) {
  const [filters, setFilters] = useState(NO_FILTERS);
  const set = (field: keyof Filters) => (e: { currentTarget: { value: string } }) =>
    setFilters({ ...filters, [field]: e.currentTarget.value });
  const apply = (event: SubmitEvent): void => {
    event.preventDefault();
    props.onApply(filters);
  };
  return (
    <form onSubmit={apply} role="search">
      <Group align="end">
        <NativeSelect label="Type" data={TYPES} value={filters.type} onChange={set('type')} />
        <TextInput label="Client ID" value={filters.clientId} onChange={set('clientId')} />
        <TextInput label="From (UTC day)" type="date" value={filters.from} onChange={set('from')} />
        <TextInput label="To (UTC day)" type="date" value={filters.to} onChange={set('to')} />
        <TextInput label="Search (q)" value={filters.text} onChange={set('text')} />
        <Button type="submit">Apply</Button>
        {/* A checkbox in the switch role: Mantine's Switch hides its input, which pointer automation cannot reach. */}
        <Checkbox role="switch" label="Live" checked={props.live} onChange={(e) => props.onLive(e.currentTarget.checked)} />
      </Group>
    </form>
  );
}
