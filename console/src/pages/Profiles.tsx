import { Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { api, query } from '../api';
import { ErrorText } from '../ErrorText';
import { href } from '../route';
import { useScope } from '../session';
import { Confirm } from './Confirm';
import { ProfileForm, type Profile } from './ProfileForm';

interface ProfilePage {
  token_exchange_profiles: Profile[];
  next?: string;
}

/** Token exchange profiles: a checkpoint-paged list (from/take), create, edit, delete. */
export function Profiles() {
  const [pages, setPages] = useState<string[]>(['']);
  const [result, setResult] = useState<ProfilePage>();
  const [error, setError] = useState<unknown>();
  const [editing, setEditing] = useState<Profile | 'new'>();
  const [deleting, setDeleting] = useState<Profile>();
  const canCreate = useScope('create:token_exchange_profiles');
  const canUpdate = useScope('update:token_exchange_profiles');
  const canDelete = useScope('delete:token_exchange_profiles');
  const canReadActions = useScope('read:actions');
  const from = pages[pages.length - 1];

  const load = useCallback(() => {
    api<ProfilePage>('GET', `/token-exchange-profiles${query({ from, take: 20 })}`).then(setResult, setError);
  }, [from]);
  useEffect(load, [load]);

  const remove = async (profile: Profile): Promise<void> => {
    await api('DELETE', `/token-exchange-profiles/${encodeURIComponent(profile.id)}`);
    setDeleting(undefined);
    load();
  };

  const profiles = result?.token_exchange_profiles ?? [];
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Token exchange profiles</Title>
        {canCreate && <Button onClick={() => setEditing('new')}>Create profile</Button>}
      </Group>
      <ErrorText error={error} />
      {result && profiles.length === 0 && <Text>No token exchange profile yet.</Text>}
      {profiles.length > 0 && (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Subject token type</Table.Th>
              <Table.Th>Action</Table.Th>
              {(canUpdate || canDelete) && <Table.Th>Changes</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {profiles.map((profile) => (
              <Table.Tr key={profile.id}>
                <Table.Td>{profile.name}</Table.Td>
                <Table.Td>
                  <code>{profile.subject_token_type}</code>
                </Table.Td>
                <Table.Td>
                  {canReadActions ? (
                    <Anchor href={href('actions', profile.action_id)} aria-label={`${profile.action_id}, action of ${profile.name}`}>
                      <code>{profile.action_id}</code>
                    </Anchor>
                  ) : (
                    <code>{profile.action_id}</code>
                  )}
                </Table.Td>
                {(canUpdate || canDelete) && (
                  <Table.Td>
                    <Group gap="xs">
                      {canUpdate && (
                        <Button variant="default" onClick={() => setEditing(profile)} aria-label={`Edit ${profile.name}`}>
                          Edit
                        </Button>
                      )}
                      {canDelete && (
                        <Button color="red" variant="light" onClick={() => setDeleting(profile)} aria-label={`Delete ${profile.name}`}>
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
      )}
      <Group>
        {pages.length > 1 && (
          <Button variant="default" onClick={() => setPages(pages.slice(0, -1))}>
            Previous
          </Button>
        )}
        {result?.next && (
          <Button variant="default" onClick={() => setPages([...pages, result.next ?? ''])}>
            Next
          </Button>
        )}
      </Group>
      {editing && (
        <ProfileForm
          profile={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            load();
          }}
        />
      )}
      {deleting && (
        <Confirm title="Delete profile" confirm="Delete" onCancel={() => setDeleting(undefined)} onConfirm={() => remove(deleting)}>
          Delete the token exchange profile <strong>{deleting.name}</strong> ({deleting.subject_token_type})? Token requests naming its
          subject token type will be refused.
        </Confirm>
      )}
    </Stack>
  );
}
