import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../ui/EmptyState';
import { Loading } from '../../ui/Loading';
import { isNotFound } from './api-client';
import { apiErrorMessage } from './api-error-message';

type TProps<T> = {
  query: UseQueryResult<T>;
  /** Shown instead of the error when the API answers 404, or 403 (a machine the user may not see). */
  notFound?: ReactNode;
  /** What to show once the data is there. */
  children: (data: T) => ReactNode;
};

/**
 * What a screen shows while its data is loading, when it does not exist and when the call failed:
 * the loader, the not-found screen, or the error in the user's language; then the screen itself.
 */
export function QueryBoundary<T>({ query, notFound, children }: TProps<T>) {
  const { t } = useTranslation();
  if (query.isPending) return <Loading />;
  if (query.isError) {
    if (notFound !== undefined && isNotFound(query.error)) return notFound;
    return <EmptyState message={apiErrorMessage(query.error, t, t('errors.generic'))} />;
  }
  return children(query.data);
}
