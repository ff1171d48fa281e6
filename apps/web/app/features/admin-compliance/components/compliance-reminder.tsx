import '@mantine/core/styles/Anchor.css';
import { Anchor, Stack } from '@mantine/core';
import { adminRoleAllows } from '@permuta/contracts/admin-roles';
import { COMPLIANCE_ROLE } from '@permuta/contracts/compliance';
import { LocalLink } from '../../../components/local-link.tsx';
import { useTranslation } from '../../../i18n/react.tsx';
import { useAdminRole } from '../../../lib/admin-access.tsx';
import { useLocale } from '../../../lib/use-locale.ts';
import { useComplianceSummary } from '../api/compliance.ts';
import { DeclarationReminder } from './declaration-panel.tsx';

/**
 * The dashboard's reminder of the yearly declaration of non-occurrence, for the roles that see
 * the compliance page; nothing when none is owed (decision 066).
 */
export function ComplianceReminder() {
  const { t } = useTranslation();
  const locale = useLocale();
  const role = useAdminRole();
  const allowed = role !== null && adminRoleAllows(role, COMPLIANCE_ROLE);
  const summary = useComplianceSummary(locale, allowed);
  const due = allowed ? summary.data?.declarationDue : null;
  if (!due) return null;
  return (
    <Stack gap="xs">
      <DeclarationReminder due={due} />
      <Anchor component={LocalLink} to="/admin/compliance" underline="always" size="sm">
        {t('adminCompliance.openPage')}
      </Anchor>
    </Stack>
  );
}
