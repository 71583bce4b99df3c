import { Alert, Button, Code, Group, Modal, Stack, Text } from '@mantine/core';

/** A client secret as the API answered it on creation or rotation: shown this once, never fetched again by the console. */
export function SecretOnce(props: { title: string; clientId: string; secret: string; onClose: () => void }) {
  return (
    <Modal opened lockScroll={false} closeButtonProps={{ 'aria-label': 'Close' }} onClose={props.onClose} title={props.title}>
      <Stack>
        <Text>
          Client ID <Code>{props.clientId}</Code>
        </Text>
        <Text id="secret-once-label">Client secret</Text>
        <Code block tabIndex={0} aria-labelledby="secret-once-label" data-testid="secret-once">
          {props.secret}
        </Code>
        <Alert title="Copy it now">The console shows this secret only this once. Store it where the application reads it.</Alert>
        <Group justify="flex-end">
          <Button onClick={props.onClose}>Done</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
