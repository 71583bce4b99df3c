import { Pagination } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { api, query } from './api';

const PER_PAGE = 20;

interface Paged<T> {
  rows: T[] | undefined;
  total: number;
  page: number;
  setPage: (page: number) => void;
  error: unknown;
  reload: () => void;
}

/** An offset-paged list (page/per_page/include_totals) of `path`, one page in memory at a time. */
export function usePaged<T>(path: string, key: string, params: Record<string, string | number | boolean | undefined> = {}): Paged<T> {
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<T[]>();
  const [total, setTotal] = useState(0);
  const [error, setError] = useState<unknown>();
  const extra = JSON.stringify(params);

  const reload = useCallback(() => {
    setError(undefined);
    const search = query({ ...(JSON.parse(extra) as Record<string, string>), page: page - 1, per_page: PER_PAGE, include_totals: true });
    api<Record<string, unknown>>('GET', `${path}${search}`).then((answer) => {
      setRows((answer[key] as T[] | undefined) ?? []);
      setTotal(typeof answer.total === 'number' ? answer.total : 0);
    }, setError);
  }, [path, key, page, extra]);
  useEffect(reload, [reload]);

  return { rows, total, page, setPage, error, reload };
}

/** The page links, shown once there is more than one page. */
export function Pager(props: { total: number; page: number; onChange: (page: number) => void; label: string }) {
  if (props.total <= PER_PAGE) return null;
  return (
    <Pagination
      total={Math.ceil(props.total / PER_PAGE)}
      value={props.page}
      onChange={props.onChange}
      getControlProps={(control) => ({ 'aria-label': `${props.label}: ${control} page` })}
      getItemProps={(page) => ({ 'aria-label': `${props.label}: page ${page}` })}
      aria-label={props.label}
    />
  );
}
