import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { ErrorText } from '../ErrorText';

/** A destructive action, named in full, confirmed before it is sent; the API's refusal is shown in place. */
export function Confirm(props: {
  title: string;
  confirm: string;
  children: ReactNode;
  onCancel: () => void;
  onConfirm: () => Promise<void>;
}) {
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const go = (): void => {
    setBusy(true);
    props.onConfirm().catch((failure: unknown) => {
      setError(failure);
      setBusy(false);
    });
  };
  return (
    <Modal opened lockScroll={false} closeButtonProps={{ 'aria-label': 'Close' }} onClose={props.onCancel} title={props.title}>
      <Stack>
        <Text>{props.children}</Text>
        <ErrorText error={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel}>
            Cancel
          </Button>
          <Button color="red" loading={busy} onClick={go}>
            {props.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
