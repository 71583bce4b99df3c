import { Button, Checkbox, Group, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { useEffect, useState, type SubmitEvent } from 'react';
import { api } from '../api';
import { ErrorText } from '../ErrorText';
import type { ApiRow } from './Apis';

export interface Grant {
  id: string;
  client_id: string;
  audience: string;
  scope: string[];
}

/**
 * Creates a grant (a client, an API, the scopes it holds there) or edits a grant's scopes. The
 * choices are the first page of each list; the scopes offered are the API's own.
 */
export function GrantForm(props: { grant?: Grant; onClose: () => void; onSaved: () => void }) {
  const { grant } = props;
  const [clients, setClients] = useState<{ client_id: string; name: string }[]>([]);
  const [apis, setApis] = useState<ApiRow[]>([]);
  const [clientId, setClientId] = useState(grant?.client_id ?? '');
  const [audience, setAudience] = useState(grant?.audience ?? '');
  const [scope, setScope] = useState<string[]>(grant?.scope ?? []);
  const [error, setError] = useState<unknown>();

  useEffect(() => {
    if (!grant) {
      api<{ clients: { client_id: string; name: string }[] }>(
        'GET',
        '/clients?per_page=100&include_totals=true&fields=client_id,name',
      ).then((page) => {
        setClients(page.clients);
        setClientId((current) => current || (page.clients[0]?.client_id ?? ''));
      }, setError);
    }
    const apisPath = grant ? `/resource-servers?identifiers=${encodeURIComponent(grant.audience)}` : '/resource-servers?per_page=100';
    api<ApiRow[]>('GET', apisPath).then((rows) => {
      const usable = rows.filter((row) => !row.is_system);
      setApis(grant ? rows : usable);
      setAudience((current) => current || (usable[0]?.identifier ?? ''));
    }, setError);
  }, [grant]);

  const offered = apis.find((row) => row.identifier === audience)?.scopes ?? [];
  const save = (event: SubmitEvent): void => {
    event.preventDefault();
    setError(undefined);
    const request = grant
      ? api('PATCH', `/client-grants/${encodeURIComponent(grant.id)}`, { scope })
      : api('POST', '/client-grants', { client_id: clientId, audience, scope });
    request.then(props.onSaved, setError);
  };

  return (
    <Modal
      opened
      lockScroll={false}
      closeButtonProps={{ 'aria-label': 'Close' }}
      onClose={props.onClose}
      title={grant ? `Scopes of ${grant.client_id} for ${grant.audience}` : 'Create client grant'}
    >
      <form onSubmit={save}>
        <Stack>
          {!grant && (
            <>
              <NativeSelect
                label="Client"
                value={clientId}
                onChange={(e) => setClientId(e.currentTarget.value)}
                data={clients.map((client) => ({ value: client.client_id, label: `${client.name} (${client.client_id})` }))}
              />
              <NativeSelect
                label="API"
                value={audience}
                onChange={(e) => {
                  setAudience(e.currentTarget.value);
                  setScope([]);
                }}
                data={apis.map((row) => ({ value: row.identifier, label: `${row.name} (${row.identifier})` }))}
              />
            </>
          )}
          {offered.length === 0 && <Text>This API defines no scope.</Text>}
          <Checkbox.Group label="Scopes" value={scope} onChange={setScope}>
            <Stack gap="xs" mt="xs">
              {offered.map((item) => (
                <Checkbox key={item.value} value={item.value} label={item.value} />
              ))}
            </Stack>
          </Checkbox.Group>
          <ErrorText error={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button type="submit">Save</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
