import { Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState, type SubmitEvent } from 'react';
import { api } from '../api';
import { ErrorText } from '../ErrorText';
import { Pager, usePaged } from '../paging';
import { useScope } from '../session';
import { Confirm } from './Confirm';

interface Member {
  user_id: string;
  email?: string;
  name?: string;
}

/** An organization's members, a page at a time; add users by id, remove one (confirmed). */
export function Members({ organizationPath }: { organizationPath: string }) {
  const list = usePaged<Member>(`${organizationPath}/members`, 'members');
  const [userIds, setUserIds] = useState('');
  const [addError, setAddError] = useState<unknown>();
  const [removing, setRemoving] = useState<Member>();
  const canAdd = useScope('create:organization_members');
  const canRemove = useScope('delete:organization_members');

  const add = (event: SubmitEvent): void => {
    event.preventDefault();
    setAddError(undefined);
    const members = userIds
      .split(/[\s,]+/)
      .map((id) => id.trim())
      .filter(Boolean);
    api('POST', `${organizationPath}/members`, { members }).then(() => {
      setUserIds('');
      list.reload();
    }, setAddError);
  };
  const remove = async (member: Member): Promise<void> => {
    await api('DELETE', `${organizationPath}/members`, { members: [member.user_id] });
    setRemoving(undefined);
    list.reload();
  };

  return (
    <Stack>
      <Title order={2}>Members</Title>
      <ErrorText error={list.error} />
      {list.rows?.length === 0 && <Text>This organization has no member.</Text>}
      {list.rows && list.rows.length > 0 && (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>User</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Name</Table.Th>
              {canRemove && <Table.Th>Changes</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.rows.map((member) => (
              <Table.Tr key={member.user_id}>
                <Table.Td>
                  <code>{member.user_id}</code>
                </Table.Td>
                <Table.Td>{member.email}</Table.Td>
                <Table.Td>{member.name}</Table.Td>
                {canRemove && (
                  <Table.Td>
                    <Button color="red" variant="light" onClick={() => setRemoving(member)} aria-label={`Remove member ${member.user_id}`}>
                      Remove
                    </Button>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Pager total={list.total} page={list.page} onChange={list.setPage} label="Members" />
      {canAdd && (
        <form onSubmit={add} aria-label="Add members">
          <Group align="end">
            <TextInput
              label="User IDs to add"
              description="Up to 10, separated by commas or spaces"
              value={userIds}
              onChange={(e) => setUserIds(e.currentTarget.value)}
            />
            <Button type="submit">Add members</Button>
          </Group>
        </form>
      )}
      <ErrorText error={addError} />
      {removing && (
        <Confirm title="Remove member" confirm="Remove" onCancel={() => setRemoving(undefined)} onConfirm={() => remove(removing)}>
          Remove <strong>{removing.email ?? removing.user_id}</strong> from this organization? Its next token for the organization will be
          refused.
        </Confirm>
      )}
    </Stack>
  );
}
