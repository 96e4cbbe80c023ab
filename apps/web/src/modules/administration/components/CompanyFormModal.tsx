import { useState, type FormEvent } from 'react';
import { Alert, Modal, Select, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ZCompanyName, type TCompanyTreeNode } from '@washboard/contracts';
import { DIALOG_WIDTH } from '../../../ui/dialog/dialog-context';
import { FormModalActions } from '../../../ui/dialog/FormModalActions';
import { notify } from '../../../ui/notify';
import { apiErrorMessage } from '../../api/api-error-message';
import { useCompanyChange } from '../hooks/use-companies';

export type TCompanyForm = { kind: 'create' } | { kind: 'rename'; company: TCompanyTreeNode };

function flatten(nodes: TCompanyTreeNode[]): TCompanyTreeNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children)]);
}

/** New company (name, optional parent) or rename; the name follows the server's rule (2–120 characters). */
export function CompanyFormModal({
  form,
  companies,
  onClose,
}: {
  form: TCompanyForm;
  companies: TCompanyTreeNode[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const change = useCompanyChange();
  const [name, setName] = useState(form.kind === 'rename' ? form.company.name : '');
  const [parentCode, setParentCode] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = ZCompanyName.safeParse(name);
    if (!parsed.success) return setError(name.trim() ? t('validation.minChars', { count: 2 }) : t('validation.mandatory'));
    setError(null);
    change.mutate(
      form.kind === 'create'
        ? { kind: 'create', name: parsed.data, parentCode: parentCode ?? undefined }
        : { kind: 'rename', code: form.company.code, name: parsed.data },
      {
        onSuccess: () => {
          notify({ color: 'teal', message: t(form.kind === 'create' ? 'success.companyCreated' : 'success.companyNameSaved') });
          onClose();
        },
        onError: (e) => setFailure(apiErrorMessage(e, t, t('errors.tryAgainLater'))),
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      size={DIALOG_WIDTH}
      centered
      title={form.kind === 'create' ? t('admin.companies.create') : t('admin.companies.rename')}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {failure && (
            <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
              {failure}
            </Alert>
          )}
          <TextInput
            label={form.kind === 'create' ? t('admin.companies.name') : t('admin.companies.newName')}
            value={name}
            maxLength={120}
            error={error}
            required
            data-autofocus
            onChange={(e) => setName(e.currentTarget.value)}
          />
          {form.kind === 'create' && (
            <Select
              label={t('admin.companies.parent')}
              placeholder={t('admin.companies.noParent')}
              searchable
              clearable
              limit={50}
              nothingFoundMessage={t('common.noResults')}
              data={flatten(companies).map((c) => ({ value: c.code, label: `${c.name} (${c.code})` }))}
              value={parentCode}
              onChange={setParentCode}
              comboboxProps={{ withinPortal: true }}
            />
          )}
          <FormModalActions onCancel={onClose} submitLabel={t('common.save')} loading={change.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
