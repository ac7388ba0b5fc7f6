import { Badge, Button, Tooltip, type ButtonProps } from '@mantine/core';
import { IconUserSearch } from '@tabler/icons-react';
import { formatPrice, SKIPTRACE_PRICE_PER_HIT, SKIPTRACE_UNAVAILABLE } from '../utils/skiptrace';

type SkiptraceButtonProps = Pick<ButtonProps, 'size' | 'fullWidth'> & {
  /** 'per hit' after the price, for the whole list. */
  perHit?: boolean;
};

/**
 * 'Skiptrace' with its price. Off until billing exists; it stays focusable (aria-disabled rather
 * than disabled) so the tooltip saying why reaches keyboard and pointer users alike.
 */
export function SkiptraceButton({ perHit, ...props }: SkiptraceButtonProps) {
  const price = `${formatPrice(SKIPTRACE_PRICE_PER_HIT)}${perHit ? ' per hit' : ''}`;
  return (
    <Tooltip label={SKIPTRACE_UNAVAILABLE} withArrow>
      <Button
        {...props}
        variant="default"
        data-disabled
        aria-disabled="true"
        aria-label={`Skiptrace ${price}`}
        onClick={(event) => event.preventDefault()}
        leftSection={<IconUserSearch size={16} />}
        rightSection={
          <Badge variant="light" color="gray" radius="sm" tt="none" fw={600}>
            {price}
          </Badge>
        }
      >
        Skiptrace
      </Button>
    </Tooltip>
  );
}
