import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { api } from '../api';
import { ErrorText } from '../ErrorText';
import { Pager, usePaged } from '../paging';
import { useScopes } from '../session';
import { Confirm } from './Confirm';
import { GrantForm, type Grant } from './GrantForm';

/** Client grants: which scopes each client holds for each API, a page at a time; create, edit the scopes, delete. */
export function Grants() {
  const list = usePaged<Grant>('/client-grants', 'client_grants');
  const [editing, setEditing] = useState<Grant | 'new'>();
  const [deleting, setDeleting] = useState<Grant>();
  const canCreate = useScopes('create:client_grants', 'read:clients', 'read:resource_servers');
  const canUpdate = useScopes('update:client_grants', 'read:resource_servers');
  const canDelete = useScopes('delete:client_grants');

  const remove = async (grant: Grant): Promise<void> => {
    await api('DELETE', `/client-grants/${encodeURIComponent(grant.id)}`);
    setDeleting(undefined);
    list.reload();
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Client grants</Title>
        {canCreate && <Button onClick={() => setEditing('new')}>Create client grant</Button>}
      </Group>
      <ErrorText error={list.error} />
      {list.rows?.length === 0 && <Text>No client grant yet.</Text>}
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Client</Table.Th>
            <Table.Th>API</Table.Th>
            <Table.Th>Scopes</Table.Th>
            {(canUpdate || canDelete) && <Table.Th>Changes</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(list.rows ?? []).map((grant) => (
            <Table.Tr key={grant.id}>
              <Table.Td>
                <code>{grant.client_id}</code>
              </Table.Td>
              <Table.Td>{grant.audience}</Table.Td>
              <Table.Td>{grant.scope.join(' ')}</Table.Td>
              {(canUpdate || canDelete) && (
                <Table.Td>
                  <Group gap="xs">
                    {canUpdate && (
                      <Button
                        variant="default"
                        onClick={() => setEditing(grant)}
                        aria-label={`Edit scopes of ${grant.client_id} for ${grant.audience}`}
                      >
                        Edit scopes
                      </Button>
                    )}
                    {canDelete && (
                      <Button
                        color="red"
                        variant="light"
                        onClick={() => setDeleting(grant)}
                        aria-label={`Delete grant of ${grant.client_id} for ${grant.audience}`}
                      >
                        Delete
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Pager total={list.total} page={list.page} onChange={list.setPage} label="Client grants" />
      {editing && (
        <GrantForm
          grant={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            list.reload();
          }}
        />
      )}
      {deleting && (
        <Confirm title="Delete client grant" confirm="Delete" onCancel={() => setDeleting(undefined)} onConfirm={() => remove(deleting)}>
          Delete the grant of client <strong>{deleting.client_id}</strong> for the API <strong>{deleting.audience}</strong>? Its next token
          for that API will be refused.
        </Confirm>
      )}
    </Stack>
  );
}
