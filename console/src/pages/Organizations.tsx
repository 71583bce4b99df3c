import { Anchor, Button, Group, Pagination, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState, type SubmitEvent } from 'react';
import { api, ApiFailure, query } from '../api';
import { ErrorText } from '../ErrorText';
import { href } from '../route';

interface OrganizationRow {
  id: string;
  name: string;
  display_name?: string;
}
interface OrganizationPage {
  organizations: OrganizationRow[];
  total: number;
}

const PER_PAGE = 20;

/** One page at a time from the server; a search looks the name up (the API finds organizations by exact name). */
export function Organizations() {
  const [page, setPage] = useState(1);
  const [result, setResult] = useState<OrganizationPage>();
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<OrganizationRow[] | null>(null);
  const [error, setError] = useState<unknown>();

  useEffect(() => {
    setError(undefined);
    api<OrganizationPage>('GET', `/organizations${query({ page: page - 1, per_page: PER_PAGE, include_totals: true })}`).then(
      setResult,
      setError,
    );
  }, [page]);

  const lookUp = (event: SubmitEvent): void => {
    event.preventDefault();
    setError(undefined);
    if (!search.trim()) {
      setFound(null);
      return;
    }
    api<OrganizationRow>('GET', `/organizations/name/${encodeURIComponent(search.trim())}`).then(
      (organization) => setFound([organization]),
      (failure: unknown) => (failure instanceof ApiFailure && failure.status === 404 ? setFound([]) : setError(failure)),
    );
  };

  const rows = found ?? result?.organizations ?? [];
  return (
    <Stack>
      <Title order={1}>Organizations</Title>
      <form onSubmit={lookUp} role="search">
        <Group align="end">
          <TextInput label="Find by name" value={search} onChange={(e) => setSearch(e.currentTarget.value)} />
          <Button type="submit">Search</Button>
          {found && (
            <Button
              variant="subtle"
              onClick={() => {
                setFound(null);
                setSearch('');
              }}
            >
              Show all
            </Button>
          )}
        </Group>
      </form>
      <ErrorText error={error} />
      {found?.length === 0 && <Text>No organization is named {search.trim()}.</Text>}
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Display name</Table.Th>
            <Table.Th>ID</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((organization) => (
            <Table.Tr key={organization.id}>
              <Table.Td>
                <Anchor href={href('organizations', organization.id)}>{organization.name}</Anchor>
              </Table.Td>
              <Table.Td>{organization.display_name}</Table.Td>
              <Table.Td>
                <code>{organization.id}</code>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {!found && result && result.total > PER_PAGE && (
        <Pagination total={Math.ceil(result.total / PER_PAGE)} value={page} onChange={setPage} aria-label="Pages" />
      )}
    </Stack>
  );
}
