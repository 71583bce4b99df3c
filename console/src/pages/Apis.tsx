import { Anchor, Button, Group, Modal, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState, type SubmitEvent } from 'react';
import { api } from '../api';
import { ErrorText } from '../ErrorText';
import { Pager, usePaged } from '../paging';
import { href } from '../route';
import { useScope } from '../session';

export interface ApiRow {
  id: string;
  name: string;
  identifier: string;
  scopes?: { value: string; description?: string }[];
  is_system?: boolean;
}

/** The tenant's APIs (resource servers), a page at a time, and creating one. */
export function Apis() {
  const list = usePaged<ApiRow>('/resource-servers', 'resource_servers');
  const [creating, setCreating] = useState(false);
  const canCreate = useScope('create:resource_servers');

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>APIs</Title>
        {canCreate && <Button onClick={() => setCreating(true)}>Create API</Button>}
      </Group>
      <ErrorText error={list.error} />
      {list.rows?.length === 0 && <Text>No API yet.</Text>}
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Identifier (audience)</Table.Th>
            <Table.Th>Scopes</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(list.rows ?? []).map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>
                <Anchor href={href('apis', row.id)}>{row.name}</Anchor>
              </Table.Td>
              <Table.Td>
                <code>{row.identifier}</code>
              </Table.Td>
              <Table.Td>{row.scopes?.length ?? 0}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Pager total={list.total} page={list.page} onChange={list.setPage} label="APIs" />
      {creating && (
        <CreateApi
          onClose={() => setCreating(false)}
          onCreated={(created) => {
            window.location.hash = href('apis', created.id);
          }}
        />
      )}
    </Stack>
  );
}

function CreateApi(props: { onClose: () => void; onCreated: (created: ApiRow) => void }) {
  const [name, setName] = useState('');
  const [identifier, setIdentifier] = useState('');
  const [error, setError] = useState<unknown>();

  const save = (event: SubmitEvent): void => {
    event.preventDefault();
    setError(undefined);
    api<ApiRow>('POST', '/resource-servers', { name, identifier }).then(props.onCreated, setError);
  };

  return (
    <Modal opened lockScroll={false} closeButtonProps={{ 'aria-label': 'Close' }} onClose={props.onClose} title="Create API">
      <form onSubmit={save}>
        <Stack>
          <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} />
          <TextInput
            label="Identifier"
            description="The audience clients ask tokens for; it cannot change later."
            value={identifier}
            onChange={(e) => setIdentifier(e.currentTarget.value)}
          />
          <ErrorText error={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button type="submit">Create</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
