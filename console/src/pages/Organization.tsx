import { Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../api';
import { ErrorText } from '../ErrorText';
import { href } from '../route';
import { useScope } from '../session';
import { AddAccess } from './AddAccess';
import { Confirm } from './Confirm';
import { Connections } from './Connections';
import { Members } from './Members';

interface OrganizationView {
  id: string;
  name: string;
  display_name?: string;
}
export interface GrantRow {
  id: string;
  client_id: string;
  audience: string;
  scope: string[];
}

/** An organization: its members, its connections, and its machine-to-machine access (the client grants associated with it). */
export function Organization({ id }: { id: string }) {
  const [organization, setOrganization] = useState<OrganizationView>();
  const [grants, setGrants] = useState<GrantRow[]>();
  const [error, setError] = useState<unknown>();
  const [removing, setRemoving] = useState<GrantRow>();
  const [adding, setAdding] = useState(false);
  const canRemove = useScope('delete:organization_client_grants');
  const canAssociate = useScope('create:organization_client_grants');
  const canReadGrants = useScope('read:client_grants');
  const canAdd = canAssociate && canReadGrants;
  const canReadMembers = useScope('read:organization_members');
  const canReadConnections = useScope('read:organization_connections');
  const path = `/organizations/${encodeURIComponent(id)}`;

  const load = useCallback(() => {
    api<GrantRow[]>('GET', `${path}/client-grants?per_page=100`).then(setGrants, setError);
  }, [path]);

  useEffect(() => {
    api<OrganizationView>('GET', path).then(setOrganization, setError);
    load();
  }, [path, load]);

  const remove = async (grant: GrantRow): Promise<void> => {
    await api('DELETE', `${path}/client-grants/${encodeURIComponent(grant.id)}`);
    setRemoving(undefined);
    load();
  };

  return (
    <Stack>
      <Anchor href={href('organizations')}>All organizations</Anchor>
      <Title order={1}>{organization?.display_name ?? organization?.name ?? id}</Title>
      <ErrorText error={error} />
      {canReadMembers && <Members organizationPath={path} />}
      {canReadConnections && <Connections organizationPath={path} />}
      <Group justify="space-between">
        <Title order={2}>Machine-to-machine access</Title>
        {canAdd && <Button onClick={() => setAdding(true)}>Add access</Button>}
      </Group>
      {grants?.length === 0 && <Text>No client grant is associated with this organization.</Text>}
      {grants && grants.length > 0 && (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Client</Table.Th>
              <Table.Th>API</Table.Th>
              <Table.Th>Scopes</Table.Th>
              {canRemove && <Table.Th>Actions</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {grants.map((grant) => (
              <Table.Tr key={grant.id}>
                <Table.Td>
                  <code>{grant.client_id}</code>
                </Table.Td>
                <Table.Td>{grant.audience}</Table.Td>
                <Table.Td>{grant.scope.join(' ')}</Table.Td>
                {canRemove && (
                  <Table.Td>
                    <Button
                      color="red"
                      variant="light"
                      onClick={() => setRemoving(grant)}
                      aria-label={`Remove ${grant.client_id} for ${grant.audience}`}
                    >
                      Remove
                    </Button>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {removing && (
        <Confirm title="Remove access" confirm="Remove" onCancel={() => setRemoving(undefined)} onConfirm={() => remove(removing)}>
          Remove the access of client <strong>{removing.client_id}</strong> to the API <strong>{removing.audience}</strong> for this
          organization? Its next token for the organization will be refused.
        </Confirm>
      )}
      {adding && (
        <AddAccess
          organizationPath={path}
          associated={grants ?? []}
          onClose={() => setAdding(false)}
          onAdded={() => {
            setAdding(false);
            load();
          }}
        />
      )}
    </Stack>
  );
}
