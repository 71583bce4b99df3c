import { Button, Group, Modal, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useState, type SubmitEvent } from 'react';
import { api } from '../api';
import { ErrorText } from '../ErrorText';

export interface CreatedClient {
  client_id: string;
  name: string;
  client_secret?: string;
}

const APP_TYPES = [
  { value: 'non_interactive', label: 'Machine to machine (non_interactive)' },
  { value: 'regular_web', label: 'Regular web application' },
  { value: 'spa', label: 'Single page application' },
  { value: 'native', label: 'Native' },
];

/** Creates an application; the answer (with its secret, this once) goes to the caller. */
export function ApplicationForm(props: { onClose: () => void; onCreated: (client: CreatedClient) => void }) {
  const [name, setName] = useState('');
  const [appType, setAppType] = useState(APP_TYPES[0].value);
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);

  const save = (event: SubmitEvent): void => {
    event.preventDefault();
    setError(undefined);
    setBusy(true);
    api<CreatedClient>('POST', '/clients', { name, app_type: appType }).then(props.onCreated, (failure: unknown) => {
      setError(failure);
      setBusy(false);
    });
  };

  return (
    <Modal opened lockScroll={false} closeButtonProps={{ 'aria-label': 'Close' }} onClose={props.onClose} title="Create application">
      <form onSubmit={save}>
        <Stack>
          <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} />
          <NativeSelect label="Application type" data={APP_TYPES} value={appType} onChange={(e) => setAppType(e.currentTarget.value)} />
          <ErrorText error={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Create
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
