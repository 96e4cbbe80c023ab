import { Pagination as MantinePagination, type PaginationProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type TProps = Omit<PaginationProps, 'getControlProps' | 'withEdges'>;

/**
 * Page numbers with named arrows: Mantine's previous and next buttons hold only an icon, so a screen
 * reader announced them as "button" (axe: button-name). Every paged list and table uses this one.
 */
export function Pagination(props: TProps) {
  const { t } = useTranslation();
  return (
    <MantinePagination
      {...props}
      getControlProps={(control) =>
        control === 'previous'
          ? { 'aria-label': t('common.previousPage') }
          : control === 'next'
            ? { 'aria-label': t('common.nextPage') }
            : {}
      }
    />
  );
}
