import { Button, Container, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useState, type SubmitEvent } from 'react';
import { signIn, type ConsoleSession } from './api';
import { ErrorText } from './ErrorText';

/** Client credentials of a client granted the Management API; the service exchanges them for its token. */
export function SignIn({ onSignedIn }: { onSignedIn: (session: ConsoleSession) => void }) {
  const [clientId, setClientId] = useState('');
  const [secret, setSecret] = useState('');
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);

  const submit = (event: SubmitEvent): void => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    signIn(clientId, secret).then(onSignedIn, (failure: unknown) => {
      setError(failure);
      setBusy(false);
    });
  };

  return (
    <Container size="xs" pt="xl" component="main">
      <form onSubmit={submit}>
        <Stack>
          <Title order={1}>Sign in to the tenant console</Title>
          <TextInput label="Client ID" name="client_id" required value={clientId} onChange={(e) => setClientId(e.currentTarget.value)} />
          <PasswordInput
            label="Client secret"
            name="client_secret"
            required
            value={secret}
            onChange={(e) => setSecret(e.currentTarget.value)}
          />
          <ErrorText error={error} />
          <Button type="submit" loading={busy}>
            Sign in
          </Button>
        </Stack>
      </form>
    </Container>
  );
}
