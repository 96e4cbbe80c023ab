import { useState } from 'react';
import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, IconLink, IconTrash, IconUnlink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TAdminProduct } from '@washboard/contracts';
import { useDialog } from '../../../ui/dialog/dialog-context';
import { notify } from '../../../ui/notify';
import { apiErrorMessage } from '../../api/api-error-message';
import { useProductChange } from '../hooks/use-products';
import { ClaimModal, type TClaimMode } from './ClaimModal';
import { DANGER_ENTRY } from '../../../ui/danger';

/** A product's actions: claim it for an account, release an account's hold, delete it after a confirmation. */
export function ProductActions({ product }: { product: TAdminProduct }) {
  const { t } = useTranslation();
  const dialog = useDialog();
  const change = useProductChange();
  const [claiming, setClaiming] = useState<TClaimMode | null>(null);

  const remove = () =>
    dialog.show({
      kind: 'warning',
      mode: 'confirm',
      title: t('admin.products.confirmDelete'),
      message: t('admin.products.deleteHint', { serial: product.serialNumber }),
      confirmLabel: t('admin.products.delete'),
      onConfirm: () =>
        change.mutate(
          { kind: 'delete', serialNumber: product.serialNumber },
          {
            onSuccess: () => notify({ color: 'teal', message: t('success.productDeleted') }),
            onError: (error) => dialog.show({ kind: 'error', message: apiErrorMessage(error, t, t('errors.tryAgainLater')) }),
          },
        ),
    });

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={t('admin.products.actionsFor', { serial: product.serialNumber })}>
            <IconDots size={18} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconLink size={16} aria-hidden />} onClick={() => setClaiming('claim')}>
            {t('admin.products.claim')}
          </Menu.Item>
          {(product.userEmail || product.companyCode) && (
            <Menu.Item leftSection={<IconUnlink size={16} aria-hidden />} onClick={() => setClaiming('unclaim')}>
              {t('admin.products.unclaim')}
            </Menu.Item>
          )}
          <Menu.Divider />
          <Menu.Item color={DANGER_ENTRY} leftSection={<IconTrash size={16} aria-hidden />} onClick={remove}>
            {t('admin.products.delete')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {claiming && <ClaimModal mode={claiming} product={product} onClose={() => setClaiming(null)} />}
    </>
  );
}
