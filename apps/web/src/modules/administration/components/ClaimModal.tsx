import { useState, type FormEvent } from 'react';
import { Alert, Autocomplete, Modal, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ZEmail, type TAdminProduct } from '@washboard/contracts';
import { DIALOG_WIDTH } from '../../../ui/dialog/dialog-context';
import { FormModalActions } from '../../../ui/dialog/FormModalActions';
import { notify } from '../../../ui/notify';
import { apiErrorMessage } from '../../api/api-error-message';
import { useClaimCandidates, useProductChange } from '../hooks/use-products';

export type TClaimMode = 'claim' | 'unclaim';

const TEXTS = {
  claim: { title: 'admin.products.claimTitle', submit: 'admin.products.claim', success: 'success.applianceClaimed' },
  unclaim: { title: 'admin.products.unclaimTitle', submit: 'admin.products.unclaim', success: 'success.productUnclaimed' },
} as const;

/**
 * Claims the product for an account, or releases an account's hold on it: the account is picked by
 * e-mail, with the brand's kitchen managers and service users offered as the operator types.
 */
export function ClaimModal({ mode, product, onClose }: { mode: TClaimMode; product: TAdminProduct; onClose: () => void }) {
  const { t } = useTranslation();
  const change = useProductChange();
  const [email, setEmail] = useState(mode === 'unclaim' ? (product.userEmail ?? '') : '');
  const [searched] = useDebouncedValue(email.trim(), 250);
  const candidates = useClaimCandidates(searched);
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const texts = TEXTS[mode];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = ZEmail.safeParse(email);
    if (!parsed.success) {
      setError(t('validation.wrongEmail'));
      return;
    }
    setError(null);
    change.mutate(
      { kind: mode, serialNumber: product.serialNumber, userEmail: parsed.data },
      {
        onSuccess: () => {
          notify({ color: 'teal', message: t(texts.success) });
          onClose();
        },
        onError: (e) => setFailure(apiErrorMessage(e, t, t('errors.tryAgainLater'))),
      },
    );
  };

  const byEmail = new Map((candidates.data ?? []).map((c) => [c.email, c]));
  return (
    <Modal opened onClose={onClose} title={t(texts.title)} size={DIALOG_WIDTH} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('admin.products.claimProduct', { serial: product.serialNumber, model: product.modelNumber })}</Text>
          <Autocomplete
            label={t('admin.products.claimUserEmail')}
            description={t(mode === 'claim' ? 'admin.products.claimHint' : 'admin.products.unclaimHint')}
            value={email}
            onChange={(value) => {
              setEmail(value);
              setError(null);
            }}
            data={[...byEmail.keys()]}
            // The server already kept the accounts matching every word.
            filter={({ options }) => options}
            renderOption={({ option }) => {
              const c = byEmail.get(option.value);
              return (
                <div>
                  <Text size="sm">{option.value}</Text>
                  {c && (
                    <Text size="xs" c="dimmed">
                      {[`${c.firstName} ${c.lastName}`, t(`roles.${c.role}`), c.companyName].filter(Boolean).join(' · ')}
                    </Text>
                  )}
                </div>
              );
            }}
            error={error}
            required
            // Unclaiming starts from the owner's address: the list of accounts opens only once the operator types.
            data-autofocus={mode === 'claim' ? true : undefined}
            openOnFocus={mode === 'claim'}
            autoComplete="off"
            maxLength={254}
          />
          {failure && (
            <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
              {failure}
            </Alert>
          )}
          <FormModalActions onCancel={onClose} submitLabel={t(texts.submit)} loading={change.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
