import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../ui/EmptyState';
import { Loading } from '../../ui/Loading';
import { isNotFound } from './api-client';
import { apiErrorMessage } from './api-error-message';
import { showsLastData, useKeepsStaleData } from './stale-data';

type TProps<T> = {
  query: UseQueryResult<T>;
  /** Shown instead of the error when the API answers 404, or 403 (a machine the user may not see). */
  notFound?: ReactNode;
  /** What to show once the data is there. */
  children: (data: T) => ReactNode;
};

/**
 * What a screen shows while its data is loading, when it does not exist and when the call failed:
 * the loader, the not-found screen, or the error in the user's language; then the screen itself. In
 * the companion (`StaleDataContext`) a reload that did not reach the server keeps the last data on
 * screen, which the screen marks stale.
 */
export function QueryBoundary<T>({ query, notFound, children }: TProps<T>) {
  const { t } = useTranslation();
  const keepsStaleData = useKeepsStaleData();
  if (query.isPending) return <Loading />;
  if (query.isRefetchError && showsLastData(query, keepsStaleData)) return children(query.data);
  if (query.isError) {
    if (notFound !== undefined && isNotFound(query.error)) return notFound;
    return <EmptyState message={apiErrorMessage(query.error, t, t('errors.generic'))} />;
  }
  return children(query.data);
}
