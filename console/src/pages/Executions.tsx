import { Badge, Button, Code, Stack, Table, Text, Title } from '@mantine/core';
import { Fragment, useState } from 'react';
import { ErrorText } from '../ErrorText';
import { Pager, usePaged } from '../paging';

interface Execution {
  id: string;
  status: string;
  created_at: string;
  results: { action_name: string; error: { id: string; msg: string } | null; started_at: string; ended_at: string; logs?: string }[];
}

/** An action's executions, newest first, a page at a time; each opens on its error and its console output. */
export function Executions({ actionId }: { actionId: string }) {
  const list = usePaged<Execution>('/insight/action-executions', 'executions', { action_id: actionId });
  const [open, setOpen] = useState<string>();

  return (
    <Stack>
      <Title order={2}>Recent executions</Title>
      <Button variant="default" onClick={list.reload} w="fit-content">
        Refresh executions
      </Button>
      <ErrorText error={list.error} />
      {list.rows?.length === 0 && <Text>No execution in the last 10 days.</Text>}
      {list.rows && list.rows.length > 0 && (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Started</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Error</Table.Th>
              <Table.Th>Logs</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.rows.map((execution) => {
              const result = execution.results.at(0);
              return (
                <Fragment key={execution.id}>
                  <Table.Tr>
                    <Table.Td>{new Date(execution.created_at).toLocaleString()}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={result?.error ? 'red' : 'blue'}>
                        {execution.status}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{result?.error?.msg}</Table.Td>
                    <Table.Td>
                      <Button
                        variant="default"
                        size="xs"
                        aria-expanded={open === execution.id}
                        aria-label={`${open === execution.id ? 'Hide' : 'Show'} logs of execution ${execution.id}`}
                        onClick={() => setOpen(open === execution.id ? undefined : execution.id)}
                      >
                        {open === execution.id ? 'Hide logs' : 'Show logs'}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                  {open === execution.id && (
                    <Table.Tr>
                      <Table.Td colSpan={4}>
                        <Code block tabIndex={0}>
                          {result?.logs ?? '(no console output)'}
                        </Code>
                      </Table.Td>
                    </Table.Tr>
                  )}
                </Fragment>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      <Pager total={list.total} page={list.page} onChange={list.setPage} label="Executions" />
    </Stack>
  );
}
