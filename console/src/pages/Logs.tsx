import { Badge, Button, Code, Group, Modal, NativeSelect, Stack, Switch, Table, TextInput, Title } from '@mantine/core';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { api, query } from '../api';
import { ErrorText } from '../ErrorText';

interface LogEntry {
  log_id: string;
  date: string;
  type: string;
  description?: string;
  client_id?: string;
  client_name?: string;
  details?: Record<string, unknown>;
}

const TYPES = [
  { value: '', label: 'Any type' },
  { value: 'sapi', label: 'sapi: Management API success' },
  { value: 'fapi', label: 'fapi: Management API failure' },
  { value: 'seccft', label: 'seccft: client credentials token' },
  { value: 'feccft', label: 'feccft: failed client credentials' },
  { value: 'secte', label: 'secte: token exchange' },
  { value: 'fecte', label: 'fecte: failed token exchange' },
];
const POLL_MS = 2000;

/** The API's Lucene subset: each filter a field:value term, the free text as given. */
function searchOf(filters: { type: string; clientId: string; text: string }): string {
  const terms = [filters.type && `type:${filters.type}`, filters.clientId && `client_id:"${filters.clientId}"`, filters.text.trim()];
  return terms.filter(Boolean).join(' AND ');
}

/** The tenant log, newest first, with filters; live, it follows new entries from the newest one seen (checkpoint `from`). */
export function Logs() {
  const [filters, setFilters] = useState({ type: '', clientId: '', text: '' });
  const [applied, setApplied] = useState(filters);
  const [entries, setEntries] = useState<LogEntry[]>([]);
  const [live, setLive] = useState(false);
  const [error, setError] = useState<unknown>();
  const [shown, setShown] = useState<LogEntry>();
  const newest = useRef<string | undefined>(undefined);

  useEffect(() => {
    setError(undefined);
    api<LogEntry[]>('GET', `/logs${query({ q: searchOf(applied), sort: 'date:-1', per_page: 50 })}`).then((page) => {
      setEntries(page);
      newest.current = page[0]?.log_id;
    }, setError);
  }, [applied]);

  useEffect(() => {
    if (!live) return;
    // Followed from the newest entry of the whole log (the filtered page's newest may be older).
    let started = false;
    api<LogEntry[]>('GET', '/logs?sort=date:-1&per_page=1').then((page) => {
      newest.current = page[0]?.log_id;
      started = true;
    }, setError);
    // A checkpoint read answers entries after `from`, oldest first; filters apply to what is shown.
    const timer = setInterval(() => {
      if (!started) return;
      api<LogEntry[]>('GET', `/logs${query({ from: newest.current, take: 100 })}`).then((later) => {
        if (later.length === 0) return;
        newest.current = later[later.length - 1].log_id;
        const wanted = later.filter((entry) => matches(entry, applied)).reverse();
        setEntries((current) => [...wanted, ...current]);
      }, setError);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [live, applied]);

  const apply = (event: SubmitEvent): void => {
    event.preventDefault();
    setApplied(filters);
  };

  return (
    <Stack>
      <Title order={1}>Logs</Title>
      <form onSubmit={apply} role="search">
        <Group align="end">
          <NativeSelect
            label="Type"
            data={TYPES}
            value={filters.type}
            onChange={(e) => setFilters({ ...filters, type: e.currentTarget.value })}
          />
          <TextInput
            label="Client ID"
            value={filters.clientId}
            onChange={(e) => setFilters({ ...filters, clientId: e.currentTarget.value })}
          />
          <TextInput label="Search (q)" value={filters.text} onChange={(e) => setFilters({ ...filters, text: e.currentTarget.value })} />
          <Button type="submit">Apply</Button>
          <Switch label="Live" checked={live} onChange={(e) => setLive(e.currentTarget.checked)} />
        </Group>
      </form>
      <ErrorText error={error} />
      <Table striped aria-live={live ? 'polite' : 'off'}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Description</Table.Th>
            <Table.Th>Client</Table.Th>
            <Table.Th>Entry</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.log_id}>
              <Table.Td>{new Date(entry.date).toLocaleString()}</Table.Td>
              <Table.Td>
                <Badge variant="light">{entry.type}</Badge>
              </Table.Td>
              <Table.Td>{entry.description}</Table.Td>
              <Table.Td>{entry.client_name ?? entry.client_id}</Table.Td>
              <Table.Td>
                <Button variant="subtle" size="xs" onClick={() => setShown(entry)} aria-label={`Details of ${entry.log_id}`}>
                  Details
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {shown && (
        <Modal
          opened
          closeButtonProps={{ 'aria-label': 'Close' }}
          onClose={() => setShown(undefined)}
          title={`Log entry ${shown.log_id}`}
          size="xl"
        >
          <Code block>{JSON.stringify(shown, null, 2)}</Code>
        </Modal>
      )}
    </Stack>
  );
}

/** The live view's own filter for type and client; free text is left to the server's search on Apply. */
function matches(entry: LogEntry, filters: { type: string; clientId: string }): boolean {
  return (!filters.type || entry.type === filters.type) && (!filters.clientId || entry.client_id === filters.clientId);
}
