import { Badge, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { api } from '../api';
import { ErrorText } from '../ErrorText';

interface Stream {
  id: string;
  name: string;
  type: string;
  status: string;
}
interface Delivery {
  id: string;
  failures: number;
  retry_at: string | null;
  last_error: string | null;
}

const STATUS_COLORS: Record<string, string> = { active: 'blue', paused: 'gray', suspended: 'red' };

/** Log streams with their status and, from the console's own read, why their last deliveries failed. */
export function LogStreams() {
  const [streams, setStreams] = useState<Stream[]>();
  const [deliveries, setDeliveries] = useState<Map<string, Delivery>>(new Map());
  const [error, setError] = useState<unknown>();

  useEffect(() => {
    // The API lists streams whole (Auth0's GET /log-streams has no paging; a tenant has a handful).
    api<Stream[]>('GET', '/log-streams').then(setStreams, setError);
    api<Delivery[]>('GET', '/insight/log-stream-deliveries').then(
      (rows) => setDeliveries(new Map(rows.map((row) => [row.id, row]))),
      setError,
    );
  }, []);

  return (
    <Stack>
      <Title order={1}>Log streams</Title>
      <ErrorText error={error} />
      {streams?.length === 0 && <Text>No log stream.</Text>}
      {streams && streams.length > 0 && (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Failed deliveries in a row</Table.Th>
              <Table.Th>Last error</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {streams.map((stream) => {
              const delivery = deliveries.get(stream.id);
              return (
                <Table.Tr key={stream.id}>
                  <Table.Td>{stream.name}</Table.Td>
                  <Table.Td>{stream.type}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={STATUS_COLORS[stream.status] ?? 'gray'}>
                      {stream.status}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{delivery?.failures ?? ''}</Table.Td>
                  <Table.Td>
                    {delivery?.last_error ?? ''}
                    {delivery?.retry_at && ` (next try ${new Date(delivery.retry_at).toLocaleString()})`}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
