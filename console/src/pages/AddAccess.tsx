import { Button, Group, Modal, NativeSelect, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { api } from '../api';
import { ErrorText } from '../ErrorText';
import type { GrantRow } from './Organization';

interface ClientGrant extends GrantRow {
  allow_any_organization?: boolean;
  organization_usage?: string;
}

/** Associates one of the tenant's client grants (those that allow organizations) with the organization. */
export function AddAccess(props: { organizationPath: string; associated: GrantRow[]; onClose: () => void; onAdded: () => void }) {
  const [grants, setGrants] = useState<ClientGrant[]>();
  const [choice, setChoice] = useState('');
  const [error, setError] = useState<unknown>();

  useEffect(() => {
    api<ClientGrant[]>('GET', '/client-grants?per_page=100').then((all) => {
      const open = all.filter((grant) => !props.associated.some((taken) => taken.id === grant.id));
      setGrants(open);
      setChoice(open[0]?.id ?? '');
    }, setError);
  }, [props.associated]);

  const add = (): void => {
    api('POST', `${props.organizationPath}/client-grants`, { grant_id: choice }).then(props.onAdded, setError);
  };

  return (
    <Modal opened lockScroll={false} closeButtonProps={{ 'aria-label': 'Close' }} onClose={props.onClose} title="Add access">
      <Stack>
        <NativeSelect
          label="Client grant"
          value={choice}
          onChange={(e) => setChoice(e.currentTarget.value)}
          data={(grants ?? []).map((grant) => ({
            value: grant.id,
            label: `${grant.client_id} → ${grant.audience} (${grant.scope.join(' ')})`,
          }))}
        />
        <ErrorText error={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button onClick={add} disabled={!choice}>
            Add
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
