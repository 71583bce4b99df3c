import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { api } from '../api';
import { ErrorText } from '../ErrorText';
import { Pager, usePaged } from '../paging';
import { useScope } from '../session';
import { ApplicationForm, type CreatedClient } from './ApplicationForm';
import { Confirm } from './Confirm';
import { SecretOnce } from './SecretOnce';

interface ClientRow {
  client_id: string;
  name: string;
  app_type?: string;
}

// Only these fields: with read:client_keys a client's read carries its secret, which the list must not hold.
const FIELDS = { fields: 'client_id,name,app_type', include_fields: true };

/** The tenant's applications, a page at a time: create (secret shown once), rotate the secret (confirmed), delete (confirmed). */
export function Applications() {
  const list = usePaged<ClientRow>('/clients', 'clients', FIELDS);
  const [creating, setCreating] = useState(false);
  const [rotating, setRotating] = useState<ClientRow>();
  const [deleting, setDeleting] = useState<ClientRow>();
  const [secret, setSecret] = useState<{ title: string; client: CreatedClient }>();
  const canCreate = useScope('create:clients');
  const canRotate = useScope('update:client_keys');
  const canDelete = useScope('delete:clients');

  const rotate = async (client: ClientRow): Promise<void> => {
    const rotated = await api<CreatedClient>('POST', `/clients/${encodeURIComponent(client.client_id)}/rotate-secret`);
    setRotating(undefined);
    setSecret({ title: `New secret of ${client.name}`, client: rotated });
  };
  const remove = async (client: ClientRow): Promise<void> => {
    await api('DELETE', `/clients/${encodeURIComponent(client.client_id)}`);
    setDeleting(undefined);
    list.reload();
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Applications</Title>
        {canCreate && <Button onClick={() => setCreating(true)}>Create application</Button>}
      </Group>
      <ErrorText error={list.error} />
      {list.rows?.length === 0 && <Text>No application yet.</Text>}
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Client ID</Table.Th>
            {(canRotate || canDelete) && <Table.Th>Changes</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(list.rows ?? []).map((client) => (
            <Table.Tr key={client.client_id}>
              <Table.Td>{client.name}</Table.Td>
              <Table.Td>{client.app_type}</Table.Td>
              <Table.Td>
                <code>{client.client_id}</code>
              </Table.Td>
              {(canRotate || canDelete) && (
                <Table.Td>
                  <Group gap="xs">
                    {canRotate && (
                      <Button variant="default" onClick={() => setRotating(client)} aria-label={`Rotate secret of ${client.name}`}>
                        Rotate secret
                      </Button>
                    )}
                    {canDelete && (
                      <Button color="red" variant="light" onClick={() => setDeleting(client)} aria-label={`Delete ${client.name}`}>
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
      <Pager total={list.total} page={list.page} onChange={list.setPage} label="Applications" />
      {creating && (
        <ApplicationForm
          onClose={() => setCreating(false)}
          onCreated={(client) => {
            setCreating(false);
            setSecret({ title: `${client.name} created`, client });
            list.reload();
          }}
        />
      )}
      {rotating && (
        <Confirm title="Rotate secret" confirm="Rotate" onCancel={() => setRotating(undefined)} onConfirm={() => rotate(rotating)}>
          Rotate the secret of <strong>{rotating.name}</strong> ({rotating.client_id})? The current secret stops working at once.
        </Confirm>
      )}
      {deleting && (
        <Confirm title="Delete application" confirm="Delete" onCancel={() => setDeleting(undefined)} onConfirm={() => remove(deleting)}>
          Delete the application <strong>{deleting.name}</strong> ({deleting.client_id})? Its grants go with it and its tokens are no longer
          issued.
        </Confirm>
      )}
      {secret && (
        <SecretOnce
          title={secret.title}
          clientId={secret.client.client_id}
          secret={secret.client.client_secret ?? '(the API answered no secret: this application type has none)'}
          onClose={() => setSecret(undefined)}
        />
      )}
    </Stack>
  );
}
