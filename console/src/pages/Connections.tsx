import { Button, Group, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useState, type SubmitEvent } from 'react';
import { api } from '../api';
import { ErrorText } from '../ErrorText';
import { Pager, usePaged } from '../paging';
import { useScope, useScopes } from '../session';
import { Confirm } from './Confirm';

interface Enabled {
  connection_id: string;
  connection: { name: string; strategy: string };
}

/** The connections enabled for an organization, a page at a time; enable one of the tenant's, disable one (confirmed). */
export function Connections({ organizationPath }: { organizationPath: string }) {
  const list = usePaged<Enabled>(`${organizationPath}/enabled_connections`, 'enabled_connections');
  const [tenant, setTenant] = useState<{ id: string; name: string }[]>([]);
  const [choice, setChoice] = useState('');
  const [enableError, setEnableError] = useState<unknown>();
  const [disabling, setDisabling] = useState<Enabled>();
  const canEnable = useScopes('create:organization_connections', 'read:connections');
  const canDisable = useScope('delete:organization_connections');

  useEffect(() => {
    if (!canEnable) return;
    api<{ id: string; name: string }[]>('GET', '/connections?per_page=100&fields=id,name').then((rows) => {
      setTenant(rows);
      setChoice(rows[0]?.id ?? '');
    }, setEnableError);
  }, [canEnable]);

  const enable = (event: SubmitEvent): void => {
    event.preventDefault();
    setEnableError(undefined);
    api('POST', `${organizationPath}/enabled_connections`, { connection_id: choice }).then(list.reload, setEnableError);
  };
  const disable = async (link: Enabled): Promise<void> => {
    await api('DELETE', `${organizationPath}/enabled_connections/${encodeURIComponent(link.connection_id)}`);
    setDisabling(undefined);
    list.reload();
  };

  return (
    <Stack>
      <Title order={2}>Connections</Title>
      <ErrorText error={list.error} />
      {list.rows?.length === 0 && <Text>No connection is enabled for this organization.</Text>}
      {list.rows && list.rows.length > 0 && (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Connection</Table.Th>
              <Table.Th>Strategy</Table.Th>
              {canDisable && <Table.Th>Changes</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.rows.map((link) => (
              <Table.Tr key={link.connection_id}>
                <Table.Td>{link.connection.name}</Table.Td>
                <Table.Td>{link.connection.strategy}</Table.Td>
                {canDisable && (
                  <Table.Td>
                    <Button color="red" variant="light" onClick={() => setDisabling(link)} aria-label={`Disable ${link.connection.name}`}>
                      Disable
                    </Button>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Pager total={list.total} page={list.page} onChange={list.setPage} label="Connections" />
      {canEnable && (
        <form onSubmit={enable} aria-label="Enable a connection">
          <Group align="end">
            <NativeSelect
              label="Connection to enable"
              value={choice}
              onChange={(e) => setChoice(e.currentTarget.value)}
              data={tenant.map((connection) => ({ value: connection.id, label: connection.name }))}
            />
            <Button type="submit" disabled={!choice}>
              Enable
            </Button>
          </Group>
        </form>
      )}
      <ErrorText error={enableError} />
      {disabling && (
        <Confirm title="Disable connection" confirm="Disable" onCancel={() => setDisabling(undefined)} onConfirm={() => disable(disabling)}>
          Disable the connection <strong>{disabling.connection.name}</strong> for this organization? Its users can no longer sign in to the
          organization with it.
        </Confirm>
      )}
    </Stack>
  );
}
