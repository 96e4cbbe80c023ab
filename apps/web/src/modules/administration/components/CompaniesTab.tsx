import { useState } from 'react';
import { ActionIcon, Button, Group, Paper, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TCompanyTreeNode } from '@washboard/contracts';
import { useDialog } from '../../../ui/dialog/dialog-context';
import { EmptyState } from '../../../ui/EmptyState';
import { usePhone } from '../../../ui/use-phone';
import { notify } from '../../../ui/notify';
import { apiErrorMessage } from '../../api/api-error-message';
import { QueryBoundary } from '../../api/QueryBoundary';
import { useCompanyChange, useCompanyTree } from '../hooks/use-companies';
import { CompanyFormModal, type TCompanyForm } from './CompanyFormModal';

type TRow = { node: TCompanyTreeNode; depth: number };

/** The tree as table rows, depth first, leaving out what lies below a collapsed company. */
function visibleRows(nodes: TCompanyTreeNode[], collapsed: Set<string>, depth = 0): TRow[] {
  return nodes.flatMap((node) => [
    { node, depth },
    ...(collapsed.has(node.code) ? [] : visibleRows(node.children, collapsed, depth + 1)),
  ]);
}

/** Manage Companies: the brand's hierarchy with accounts and serviced machines; create, rename, delete. */
export function CompaniesTab() {
  const { t } = useTranslation();
  const dialog = useDialog();
  const tree = useCompanyTree();
  const change = useCompanyChange();
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const [form, setForm] = useState<TCompanyForm | null>(null);
  // On a phone the code and counts go under the name: six columns side by side hid the actions.
  const phone = usePhone();

  const toggle = (code: string) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (!next.delete(code)) next.add(code);
      return next;
    });

  const remove = (node: TCompanyTreeNode) =>
    dialog.show({
      kind: 'warning',
      mode: 'confirm',
      message: t('admin.companies.confirmDelete', { name: node.name }),
      confirmLabel: t('admin.companies.delete'),
      onConfirm: () =>
        change.mutate(
          { kind: 'delete', code: node.code },
          {
            onSuccess: () => notify({ color: 'teal', message: t('success.companyDeleted') }),
            // The reason (accounts, companies below, machines) stays on screen until read.
            onError: (error) => dialog.show({ kind: 'error', message: apiErrorMessage(error, t, t('errors.tryAgainLater')) }),
          },
        ),
    });

  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setForm({ kind: 'create' })}>
          {t('admin.companies.create')}
        </Button>
      </Group>
      <QueryBoundary query={tree}>
        {(forest) =>
          forest.length === 0 ? (
            <EmptyState message={t('admin.companies.empty')} />
          ) : (
            <Paper withBorder radius="md">
              <ScrollArea type="auto">
                <Table
                  striped
                  highlightOnHover
                  verticalSpacing="xs"
                  miw={phone ? undefined : 760}
                  aria-label={t('admin.tabs.manageCompanies')}
                >
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('admin.companies.name')}</Table.Th>
                      {!phone && (
                        <>
                          <Table.Th>{t('admin.companies.companyCode')}</Table.Th>
                          <Table.Th>{t('admin.companies.parentCompanyCode')}</Table.Th>
                          <Table.Th ta="end">{t('admin.companies.users')}</Table.Th>
                          <Table.Th ta="end">{t('admin.companies.machines')}</Table.Th>
                        </>
                      )}
                      <Table.Th>{t('common.actions')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {visibleRows(forest, collapsed).map(({ node, depth }) => (
                      <Table.Tr key={node.code}>
                        <Table.Th scope="row" fw={500}>
                          <Group gap={4} wrap="nowrap" pl={depth * (phone ? 12 : 20)} align="flex-start">
                            {node.children.length > 0 ? (
                              <ActionIcon
                                variant="subtle"
                                color="gray"
                                size="sm"
                                onClick={() => toggle(node.code)}
                                aria-expanded={!collapsed.has(node.code)}
                                aria-label={t('admin.companies.showBelow', { name: node.name })}
                              >
                                {collapsed.has(node.code) ? (
                                  <IconChevronRight size={16} aria-hidden />
                                ) : (
                                  <IconChevronDown size={16} aria-hidden />
                                )}
                              </ActionIcon>
                            ) : (
                              <span style={{ width: 22, flex: 'none' }} />
                            )}
                            <div>
                              <span>{node.name}</span>
                              {phone && (
                                <Text size="xs" c="dimmed" fw={400}>
                                  {`${node.code} · ${t('admin.companies.users')} ${node.users} · ${t('admin.companies.machines')} ${node.machines}`}
                                </Text>
                              )}
                            </div>
                          </Group>
                        </Table.Th>
                        {!phone && (
                          <>
                            <Table.Td ff="monospace">{node.code}</Table.Td>
                            <Table.Td ff="monospace">{node.parentCode ?? ''}</Table.Td>
                            <Table.Td ta="end">{node.users}</Table.Td>
                            <Table.Td ta="end">{node.machines}</Table.Td>
                          </>
                        )}
                        <Table.Td>
                          <Group gap={4} wrap="nowrap">
                            <ActionIcon
                              variant="subtle"
                              onClick={() => setForm({ kind: 'rename', company: node })}
                              aria-label={t('admin.companies.renameNamed', { name: node.name })}
                            >
                              <IconPencil size={16} aria-hidden />
                            </ActionIcon>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              onClick={() => remove(node)}
                              aria-label={t('admin.companies.deleteNamed', { name: node.name })}
                            >
                              <IconTrash size={16} aria-hidden />
                            </ActionIcon>
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea>
            </Paper>
          )
        }
      </QueryBoundary>
      {form && <CompanyFormModal form={form} companies={tree.data ?? []} onClose={() => setForm(null)} />}
    </Stack>
  );
}
