import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import { useEffect, useState } from 'react';
import { Anchor, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useSearchParams } from 'react-router';
import { AUDIT_ACTIONS, type AuditEntry } from '@permuta/contracts/audit';
import { FilterBar } from '../../../components/filter-bar.tsx';
import { KeysetPagerNav } from '../../../components/keyset-pager-nav.tsx';
import { LoadFailure, LoadingStatus } from '../../../components/load-states.tsx';
import { LocalLink } from '../../../components/local-link.tsx';
import { useTranslation } from '../../../i18n/react.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useKeysetPager } from '../../../lib/use-keyset-pager.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { useTwoFactorRedirect } from '../../admin-accounts/use-two-factor-redirect.ts';
import { useAuditAdmins } from '../api/list-admins.ts';
import { useAudit } from '../api/list-audit.ts';
import { auditChanges } from '../diff.ts';
import {
  ENTITY_TYPES,
  NO_FILTERS,
  filtersFromSearch,
  hasFilters,
  searchFromFilters,
  type AuditFilters,
} from '../filters.ts';

const TYPING_DEBOUNCE_MS = 300;

type T = ReturnType<typeof useTranslation>['t'];

const isKnownAction = (action: string): action is (typeof AUDIT_ACTIONS)[number] =>
  (AUDIT_ACTIONS as readonly string[]).includes(action);

const isKnownEntity = (type: string): type is (typeof ENTITY_TYPES)[number] =>
  (ENTITY_TYPES as readonly string[]).includes(type);

/** The action in words; an action this screen does not know yet as it was recorded. */
function actionText(t: T, action: string): string {
  return isKnownAction(action) ? t(`adminAudit.actions.${action}`) : action;
}

function entityTypeText(t: T, type: string): string {
  return isKnownEntity(type) ? t(`adminAudit.entityTypes.${type}`) : type;
}

/** The back-office page of the entity, where there is one. */
function entityPath(entry: AuditEntry): string | null {
  if (!entry.entityId) return null;
  switch (entry.entityType) {
    case 'order':
      return `/admin/orders/${encodeURIComponent(entry.entityLabel ?? entry.entityId)}`;
    case 'customer':
      return `/admin/manager-customers/${encodeURIComponent(entry.entityId)}`;
    case 'token':
      return entry.entityLabel
        ? `/admin/manager-tokens/${encodeURIComponent(entry.entityLabel)}`
        : null;
    default:
      return null;
  }
}

function Who({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  if (entry.actorType === 'system') return <>{t('adminAudit.actor.system')}</>;
  if (!entry.actor) return <>{t('adminAudit.actor.unknown')}</>;
  if (!entry.actor.username) return <>{t('adminAudit.actor.deleted', { id: entry.actor.id })}</>;
  return entry.actorType === 'customer' ? (
    <>{t('adminAudit.actor.customer', { name: entry.actor.username })}</>
  ) : (
    <Text span fw={600} size="sm">
      {entry.actor.username}
    </Text>
  );
}

function Entity({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const path = entityPath(entry);
  const name = entry.entityLabel ?? entry.entityId;
  return (
    <Stack gap={0}>
      <Text size="sm">{entityTypeText(t, entry.entityType)}</Text>
      {name &&
        (path ? (
          <Anchor
            component={LocalLink}
            to={path}
            size="sm"
            c="var(--mantine-color-text)"
            underline="always"
          >
            {name}
          </Anchor>
        ) : (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
        ))}
    </Stack>
  );
}

function Changes({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const changes = auditChanges(entry.before, entry.after);
  if (changes.length === 0) {
    return (
      <Text size="xs" c="dimmed">
        {t('adminAudit.noChanges')}
      </Text>
    );
  }
  const empty = t('adminAudit.emptyValue');
  return (
    <Stack component="ul" gap={2} m={0} p={0} style={{ listStyle: 'none' }}>
      {changes.map((change) => (
        <Text component="li" key={change.field} size="xs" style={{ overflowWrap: 'anywhere' }}>
          {change.kind === 'changed'
            ? t('adminAudit.change', {
                field: change.field,
                before: change.before ?? empty,
                after: change.after ?? empty,
              })
            : change.kind === 'added'
              ? t('adminAudit.added', { field: change.field, after: change.after ?? empty })
              : t('adminAudit.removed', { field: change.field, before: change.before ?? empty })}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * The back office's audit log: who did what and when, filtered by admin, action, entity and
 * days (kept in the URL), newest first in keyset pages, each entry with its before and after.
 */
export function AuditScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [params, setParams] = useSearchParams();
  const filters = filtersFromSearch(params);
  const update = (next: AuditFilters) =>
    setParams(searchFromFilters(next), { replace: true, preventScrollReset: true });

  const [entityId, setEntityId] = useState(filters.entityId);
  const [debounced] = useDebouncedValue(entityId.trim(), TYPING_DEBOUNCE_MS);
  useEffect(() => {
    if (debounced !== filters.entityId) update({ ...filters, entityId: debounced });
    // only a new debounced text writes the URL; the URL's own changes do not loop back here
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  const pager = useKeysetPager(searchFromFilters(filters).toString());
  const admins = useAuditAdmins(locale);
  const audit = useAudit(filters, pager.cursor, locale);
  useTwoFactorRedirect(audit.error);
  const filtered = hasFilters(filters);

  return (
    <Stack gap="md">
      <FilterBar
        dates={{
          from: filters.from,
          to: filters.to,
          fromLabel: t('adminAudit.filters.from'),
          toLabel: t('adminAudit.filters.to'),
          onFrom: (from) => update({ ...filters, from }),
          onTo: (to) => update({ ...filters, to }),
          orderError: t('adminAudit.filters.dateOrder'),
          min: '2000-01-01',
          max: '2099-12-31',
        }}
        clear={
          filtered
            ? {
                label: t('adminAudit.filters.clear'),
                onClear: () => {
                  setEntityId('');
                  update(NO_FILTERS);
                },
              }
            : undefined
        }
        busy={audit.isFetching && !audit.isPending}
      >
        <Select
          label={t('adminAudit.filters.admin')}
          placeholder={t('adminAudit.filters.allAdmins')}
          data={(admins.data ?? []).map((admin) => ({ value: admin.id, label: admin.username }))}
          value={filters.adminId || null}
          onChange={(value) => update({ ...filters, adminId: value ?? '' })}
          clearable
          searchable
          w={{ base: '100%', sm: 220 }}
        />
        <Select
          label={t('adminAudit.filters.action')}
          placeholder={t('adminAudit.filters.allActions')}
          data={AUDIT_ACTIONS.map((action) => ({ value: action, label: actionText(t, action) }))}
          value={filters.action || null}
          onChange={(value) => update({ ...filters, action: value ?? '' })}
          clearable
          searchable
          w={{ base: '100%', sm: 280 }}
        />
        <Select
          label={t('adminAudit.filters.entityType')}
          placeholder={t('adminAudit.filters.allEntities')}
          data={ENTITY_TYPES.map((type) => ({ value: type, label: entityTypeText(t, type) }))}
          value={filters.entityType || null}
          onChange={(value) => update({ ...filters, entityType: value ?? '' })}
          clearable
          w={{ base: '100%', sm: 200 }}
        />
        <TextInput
          label={t('adminAudit.filters.entityId')}
          value={entityId}
          onChange={(event) => setEntityId(event.currentTarget.value)}
          w={{ base: '100%', sm: 260 }}
        />
      </FilterBar>

      {audit.isPending && <LoadingStatus />}
      {audit.isError && (
        <LoadFailure message={audit.error.message} onRetry={() => void audit.refetch()} />
      )}
      {audit.data && audit.data.items.length === 0 && (
        <Text data-testid="audit-empty">
          {filtered ? t('adminAudit.noMatch') : t('adminAudit.empty')}
        </Text>
      )}
      {audit.data && audit.data.items.length > 0 && (
        <Table.ScrollContainer minWidth={900}>
          <Table striped verticalSpacing="sm">
            <Table.Caption>
              {t('adminAudit.caption', { page: pager.page, count: audit.data.items.length })}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('adminAudit.fields.when')}</Table.Th>
                <Table.Th scope="col">{t('adminAudit.fields.who')}</Table.Th>
                <Table.Th scope="col">{t('adminAudit.fields.what')}</Table.Th>
                <Table.Th scope="col">{t('adminAudit.fields.entity')}</Table.Th>
                <Table.Th scope="col">{t('adminAudit.fields.changes')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {audit.data.items.map((entry) => (
                <Table.Tr key={entry.id} data-testid={`audit-entry-${entry.id}`}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(entry.createdAt, locale)}
                  </Table.Td>
                  <Table.Td>
                    <Who entry={entry} />
                  </Table.Td>
                  <Table.Td>{actionText(t, entry.action)}</Table.Td>
                  <Table.Td>
                    <Entity entry={entry} />
                  </Table.Td>
                  <Table.Td maw={360}>
                    <Changes entry={entry} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {audit.data && (
        <KeysetPagerNav
          label={t('adminAudit.pages')}
          pager={pager}
          nextCursor={audit.data.nextCursor}
          busy={audit.isPlaceholderData}
        />
      )}
    </Stack>
  );
}
