import { Alert } from '@mantine/core';
import { ApiFailure } from './api';

/** An API error as the API words it (a 429 with when to retry). */
export function ErrorText({ error }: { error: unknown }) {
  if (error === undefined || error === null) return null;
  const text = error instanceof ApiFailure ? error.text : error instanceof Error ? error.message : 'Something went wrong.';
  return (
    <Alert color="red" role="alert" title={error instanceof ApiFailure ? `Error ${error.status}` : 'Error'}>
      {text}
    </Alert>
  );
}
