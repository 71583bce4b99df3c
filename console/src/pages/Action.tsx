import { Anchor, Badge, Button, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../api';
import { ErrorText } from '../ErrorText';
import { href } from '../route';
import { useScope } from '../session';
import { Executions } from './Executions';

interface ActionView {
  id: string;
  name: string;
  code: string;
  status: string;
  all_changes_deployed: boolean;
  deployed_version?: { number: number; created_at: string };
}

/** An action: its code (the draft) edited and saved, deployed as a new version, and its recent executions with their logs. */
export function Action({ id }: { id: string }) {
  const [action, setAction] = useState<ActionView>();
  const [code, setCode] = useState('');
  const [error, setError] = useState<unknown>();
  const [note, setNote] = useState('');
  const canUpdate = useScope('update:actions');
  const canDeploy = useScope('create:actions');
  const path = `/actions/actions/${encodeURIComponent(id)}`;

  const show = useCallback((view: ActionView) => {
    setAction(view);
    setCode(view.code);
  }, []);
  useEffect(() => {
    api<ActionView>('GET', path).then(show, setError);
  }, [path, show]);

  const save = (): void => {
    setError(undefined);
    api<ActionView>('PATCH', path, { code }).then((saved) => {
      show(saved);
      setNote('Saved the draft.');
    }, setError);
  };
  const deploy = (): void => {
    setError(undefined);
    api<{ number: number }>('POST', `${path}/deploy`)
      .then((version) => {
        setNote(`Deployed version ${version.number}.`);
        return api<ActionView>('GET', path);
      })
      .then(show, setError);
  };

  const edited = action !== undefined && code !== action.code;
  return (
    <Stack>
      <Anchor href={href('token-exchange-profiles')}>Token exchange profiles</Anchor>
      <Title order={1}>{action?.name ?? id}</Title>
      {action && (
        <Group>
          <Badge variant="light">{action.status}</Badge>
          <Text size="sm">
            {action.deployed_version ? `Version ${action.deployed_version.number} deployed` : 'Never deployed'}
            {action.deployed_version && !action.all_changes_deployed && ' — the draft has changes not deployed'}
          </Text>
        </Group>
      )}
      <ErrorText error={error} />
      <Textarea
        label="Code"
        autosize
        minRows={10}
        maxRows={30}
        spellCheck={false}
        className="console-code"
        readOnly={!canUpdate}
        value={code}
        onChange={(e) => setCode(e.currentTarget.value)}
      />
      <Group>
        {canUpdate && (
          <Button onClick={save} disabled={!edited}>
            Save draft
          </Button>
        )}
        {canDeploy && (
          <Button variant="default" onClick={deploy} disabled={edited || action?.all_changes_deployed === true}>
            Deploy
          </Button>
        )}
        <Text size="sm" role="status">
          {note}
        </Text>
      </Group>
      <Executions actionId={id} />
    </Stack>
  );
}
