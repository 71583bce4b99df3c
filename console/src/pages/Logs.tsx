import { Badge, Button, Group, Stack, Table, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { api, query } from '../api';
import { ErrorText } from '../ErrorText';
import { LogEntryDetail, type LogEntry } from './LogEntryDetail';
import { LogFilters, matches, NO_FILTERS, searchOf } from './LogFilters';

const POLL_MS = 2000;
const PER_PAGE = 50;

/** The tenant log, newest first, a page at a time, with filters; live, it follows new entries from the newest one seen (checkpoint `from`). */
export function Logs() {
  const [applied, setApplied] = useState(NO_FILTERS);
  const [page, setPage] = useState(0);
  const [entries, setEntries] = useState<LogEntry[]>([]);
  const [full, setFull] = useState(false);
  const [live, setLive] = useState(false);
  const [error, setError] = useState<unknown>();
  const [shown, setShown] = useState<LogEntry>();
  const newest = useRef<string | undefined>(undefined);

  useEffect(() => {
    setError(undefined);
    api<LogEntry[]>('GET', `/logs${query({ q: searchOf(applied), sort: 'date:-1', page, per_page: PER_PAGE })}`).then((rows) => {
      setEntries(rows);
      setFull(rows.length === PER_PAGE);
    }, setError);
  }, [applied, page]);

  useEffect(() => {
    if (!live) return;
    // Followed from the newest entry of the whole log (the filtered page's newest may be older).
    let started = false;
    api<LogEntry[]>('GET', '/logs?sort=date:-1&per_page=1').then((rows) => {
      newest.current = rows[0]?.log_id;
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

  const apply = (filters: typeof NO_FILTERS): void => {
    setPage(0);
    setApplied(filters);
  };

  return (
    <Stack>
      <Title order={1}>Logs</Title>
      <LogFilters onApply={apply} live={live} onLive={setLive} />
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
      <Group>
        {page > 0 && (
          <Button variant="default" onClick={() => setPage(page - 1)}>
            Newer entries
          </Button>
        )}
        {full && (
          <Button variant="default" onClick={() => setPage(page + 1)}>
            Older entries
          </Button>
        )}
      </Group>
      {shown && <LogEntryDetail entry={shown} onClose={() => setShown(undefined)} />}
    </Stack>
  );
}
