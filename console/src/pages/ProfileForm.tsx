import { Button, Group, Modal, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useEffect, useState, type SubmitEvent } from 'react';
import { api, ApiFailure } from '../api';
import { ErrorText } from '../ErrorText';

export interface Profile {
  id: string;
  name: string;
  subject_token_type: string;
  action_id: string;
  type: string;
}

interface Action {
  id: string;
  name: string;
  supported_triggers: { id: string }[];
}

type Field = 'name' | 'subject_token_type' | 'action_id';
const FIELDS: Field[] = ['name', 'subject_token_type', 'action_id'];

/** The field a 400 is about: the API's validation messages end "on property <name> (...)". */
function fieldOf(failure: ApiFailure): Field | undefined {
  const property = /on property (\w+)/.exec(failure.message)?.[1];
  return FIELDS.find((field) => field === property);
}

/** Creates a profile, or edits its name and subject_token_type; the API's refusal is shown next to the field it names. */
export function ProfileForm(props: { profile?: Profile; onClose: () => void; onSaved: () => void }) {
  const { profile } = props;
  const [name, setName] = useState(profile?.name ?? '');
  const [subjectTokenType, setSubjectTokenType] = useState(profile?.subject_token_type ?? '');
  const [actionId, setActionId] = useState('');
  const [actions, setActions] = useState<Action[]>([]);
  const [fieldError, setFieldError] = useState<{ field: Field; message: string }>();
  const [error, setError] = useState<unknown>();

  useEffect(() => {
    if (profile) return;
    api<{ actions: Action[] }>('GET', '/actions/actions?per_page=100').then((page) => {
      const usable = page.actions.filter((action) => action.supported_triggers.some((trigger) => trigger.id === 'custom-token-exchange'));
      setActions(usable);
      setActionId(usable[0]?.id ?? '');
    }, setError);
  }, [profile]);

  const refused = (failure: unknown): void => {
    const field = failure instanceof ApiFailure && failure.status === 400 ? fieldOf(failure) : undefined;
    if (field && failure instanceof ApiFailure) setFieldError({ field, message: failure.message });
    else setError(failure);
  };

  const save = (event: SubmitEvent): void => {
    event.preventDefault();
    setFieldError(undefined);
    setError(undefined);
    const request = profile
      ? api('PATCH', `/token-exchange-profiles/${encodeURIComponent(profile.id)}`, { name, subject_token_type: subjectTokenType })
      : api('POST', '/token-exchange-profiles', {
          name,
          subject_token_type: subjectTokenType,
          action_id: actionId,
          type: 'custom_authentication',
        });
    request.then(props.onSaved, refused);
  };

  const errorOf = (field: Field): string | undefined => (fieldError?.field === field ? fieldError.message : undefined);
  return (
    <Modal
      opened
      closeButtonProps={{ 'aria-label': 'Close' }}
      onClose={props.onClose}
      title={profile ? `Edit ${profile.name}` : 'Create profile'}
    >
      <form onSubmit={save}>
        <Stack>
          <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} error={errorOf('name')} />
          <TextInput
            label="Subject token type"
            value={subjectTokenType}
            onChange={(e) => setSubjectTokenType(e.currentTarget.value)}
            error={errorOf('subject_token_type')}
          />
          {!profile && (
            <NativeSelect
              label="Action (custom-token-exchange trigger)"
              value={actionId}
              onChange={(e) => setActionId(e.currentTarget.value)}
              data={actions.map((action) => ({ value: action.id, label: action.name }))}
              error={errorOf('action_id')}
            />
          )}
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
