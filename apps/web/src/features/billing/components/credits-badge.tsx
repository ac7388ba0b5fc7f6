import { Button, Tooltip } from '@mantine/core';
import { IconCoins } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { dollarsToUnits, formatCredits, paths } from '@prospector/core';
import { useServerEvent } from '../../../lib/use-server-event';
import { billingKeys } from '../api/billing-keys';
import { useBilling } from '../api/get-billing';

/**
 * The team's credits in the top bar, for admins (spec part 2 §6) and staff (part 1 §6); an admin's
 * leads to Settings > Billing. Nothing while loading or when they could not be loaded. A skip trace
 * that stored results (a list's batch, a listed property) has charged credits: read them again.
 */
export function CreditsBadge({ linked }: { linked: boolean }) {
  const billing = useBilling();
  const queryClient = useQueryClient();
  useServerEvent(
    'skiptraceProgress',
    () => void queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  );
  if (!billing.data) return null;
  const label = formatCredits(dollarsToUnits(billing.data.credits) ?? 0);
  const common = {
    variant: 'light',
    color: 'gray',
    size: 'sm',
    leftSection: <IconCoins size={16} />,
    'aria-label': `Credits: ${label}`,
  } as const;
  return (
    <Tooltip label="Your team's credits" withArrow>
      {linked ? (
        <Button component={Link} to={paths.settings.billing} {...common}>
          {label}
        </Button>
      ) : (
        <Button component="span" {...common}>
          {label}
        </Button>
      )}
    </Tooltip>
  );
}
