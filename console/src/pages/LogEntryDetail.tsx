import { Code, Modal, Stack, Table, Text, Title } from '@mantine/core';

export interface LogEntry {
  log_id: string;
  date: string;
  type: string;
  description?: string;
  client_id?: string;
  client_name?: string;
  details?: { changes?: Change[]; changes_total?: number } & Record<string, unknown>;
}

/** A row a management write changed, as the database captured it: for an update, the changed columns only. */
interface Change {
  table: string;
  op: string;
  key: Record<string, unknown>;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

const shown = (value: unknown): string => (value === undefined ? '' : JSON.stringify(value));

/** One entry: each change it records with its before and after values side by side, then the whole entry. */
export function LogEntryDetail({ entry, onClose }: { entry: LogEntry; onClose: () => void }) {
  const changes = entry.details?.changes ?? [];
  return (
    <Modal opened closeButtonProps={{ 'aria-label': 'Close' }} onClose={onClose} title={`Log entry ${entry.log_id}`} size="xl">
      <Stack>
        <Text>
          {entry.type} — {entry.description} — {new Date(entry.date).toLocaleString()}
        </Text>
        {changes.map((change, index) => {
          const fields = [...new Set([...Object.keys(change.before ?? {}), ...Object.keys(change.after ?? {})])];
          return (
            <Stack key={index} gap="xs">
              <Title order={3} size="h5">
                {change.op} {change.table} {shown(change.key)}
              </Title>
              <Table aria-label={`Changes to ${change.table}`}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Field</Table.Th>
                    <Table.Th>Before</Table.Th>
                    <Table.Th>After</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {fields.map((field) => (
                    <Table.Tr key={field}>
                      <Table.Td>{field}</Table.Td>
                      <Table.Td>
                        <code>{shown(change.before?.[field])}</code>
                      </Table.Td>
                      <Table.Td>
                        <code>{shown(change.after?.[field])}</code>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Stack>
          );
        })}
        {entry.details?.changes_total !== undefined && entry.details.changes_total > changes.length && (
          <Text>{entry.details.changes_total - changes.length} more changed rows are counted but not recorded.</Text>
        )}
        <Title order={3} size="h5">
          Whole entry
        </Title>
        <Code block tabIndex={0}>
          {JSON.stringify(entry, null, 2)}
        </Code>
      </Stack>
    </Modal>
  );
}
