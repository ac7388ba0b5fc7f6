import { Badge, Button, type ButtonProps } from '@mantine/core';
import { IconUserSearch } from '@tabler/icons-react';
import { formatPrice } from './format-price';

type SkiptraceButtonProps = Pick<ButtonProps, 'size' | 'fullWidth' | 'disabled' | 'loading'> & {
  /** Dollars per hit; null while the team's prices load. */
  price: number | null;
  /** 'per hit' after the price, for the whole list. */
  perHit?: boolean;
  onClick: () => void;
};

/** 'Skiptrace' with its price (spec part 2 §2): what one owner found costs. */
export function SkiptraceButton({ price, perHit, onClick, ...props }: SkiptraceButtonProps) {
  const label = price === null ? '' : `${formatPrice(price)}${perHit ? ' per hit' : ''}`;
  return (
    <Button
      {...props}
      variant="default"
      aria-label={label ? `Skiptrace ${label}` : 'Skiptrace'}
      onClick={onClick}
      leftSection={<IconUserSearch size={16} />}
      rightSection={
        label && (
          <Badge variant="light" color="gray" radius="sm" tt="none" fw={600}>
            {label}
          </Badge>
        )
      }
    >
      Skiptrace
    </Button>
  );
}
