import { Anchor, Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useCallback, useEffect, useState, type SubmitEvent } from 'react';
import { api } from '../api';
import { ErrorText } from '../ErrorText';
import { href } from '../route';
import { useScope } from '../session';
import type { ApiRow } from './Apis';
import { Confirm } from './Confirm';

type Scope = NonNullable<ApiRow['scopes']>[number];

/** One API and its scopes: the whole list is PATCHed, as the API takes it. */
export function Api({ id }: { id: string }) {
  const [row, setRow] = useState<ApiRow>();
  const [error, setError] = useState<unknown>();
  const [value, setValue] = useState('');
  const [description, setDescription] = useState('');
  const [removing, setRemoving] = useState<Scope>();
  const canUpdate = useScope('update:resource_servers');
  const path = `/resource-servers/${encodeURIComponent(id)}`;

  const load = useCallback(() => {
    api<ApiRow>('GET', path).then(setRow, setError);
  }, [path]);
  useEffect(load, [load]);

  const save = (scopes: Scope[]): Promise<void> =>
    api<ApiRow>('PATCH', path, { scopes }).then((saved) => {
      setRow(saved);
      setError(undefined);
    });

  const add = (event: SubmitEvent): void => {
    event.preventDefault();
    save([...(row?.scopes ?? []), { value, description }]).then(() => {
      setValue('');
      setDescription('');
    }, setError);
  };

  const scopes = row?.scopes ?? [];
  return (
    <Stack>
      <Anchor href={href('apis')}>All APIs</Anchor>
      <Title order={1}>{row?.name ?? id}</Title>
      {row && (
        <Text>
          Identifier <code>{row.identifier}</code>
        </Text>
      )}
      <ErrorText error={error} />
      <Title order={2}>Scopes</Title>
      {row && scopes.length === 0 && <Text>This API defines no scope.</Text>}
      {scopes.length > 0 && (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Scope</Table.Th>
              <Table.Th>Description</Table.Th>
              {canUpdate && <Table.Th>Changes</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {scopes.map((scope) => (
              <Table.Tr key={scope.value}>
                <Table.Td>
                  <code>{scope.value}</code>
                </Table.Td>
                <Table.Td>{scope.description}</Table.Td>
                {canUpdate && (
                  <Table.Td>
                    <Button color="red" variant="light" onClick={() => setRemoving(scope)} aria-label={`Remove scope ${scope.value}`}>
                      Remove
                    </Button>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {canUpdate && row && (
        <form onSubmit={add} aria-label="Add a scope">
          <Group align="end">
            <TextInput label="Scope" value={value} onChange={(e) => setValue(e.currentTarget.value)} />
            <TextInput label="Description" value={description} onChange={(e) => setDescription(e.currentTarget.value)} />
            <Button type="submit">Add scope</Button>
          </Group>
        </form>
      )}
      {removing && (
        <Confirm
          title="Remove scope"
          confirm="Remove"
          onCancel={() => setRemoving(undefined)}
          onConfirm={() => save(scopes.filter((scope) => scope.value !== removing.value)).then(() => setRemoving(undefined))}
        >
          Remove the scope <strong>{removing.value}</strong> from the API <strong>{row?.name}</strong>?
        </Confirm>
      )}
    </Stack>
  );
}
