import { Badge, Box, Burger, Divider, Group } from '@mantine/core';
import { seesTeamCredits, type CurrentUser } from '@prospector/core';
import { BrandLogo } from '../../components/brand-logo';
import { CreditsBadge } from '../../features/billing';
import { ChatsButton } from '../../features/chats';
import { useMembers } from '../../features/members';
import { NotificationsButton } from '../../features/notifications';
import { SearchButton } from '../../features/search';
import { useRecordParam } from '../compose/use-record-param';
import { LogoutButton } from './logout-button';
import { StaffControls } from './staff-controls';
import { UserSummary } from './user-summary';

type TopBarProps = { user: CurrentUser; navOpened: boolean; onToggleNav: () => void };

export function TopBar({ user, navOpened, onToggleNav }: TopBarProps) {
  const { openRecord } = useRecordParam();
  const members = useMembers();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" preventGrowOverflow={false}>
      <Group gap="sm" wrap="nowrap" preventGrowOverflow={false} style={{ flexShrink: 0 }}>
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          hiddenFrom="sm"
          size="sm"
          aria-label="Toggle navigation"
        />
        {/* While impersonating, the mark takes the logo's place on narrower screens. */}
        <Box visibleFrom={user.impersonatedBy ? 'lg' : undefined}>
          <BrandLogo size="sm" />
        </Box>
        {user.impersonatedBy && (
          // Never squeezed away: an impersonated session is marked at every width (ADR 032).
          <Badge color="orange" variant="light" maw={240} style={{ flexShrink: 0 }}>
            Viewing as {user.name.trim() || user.email}
          </Badge>
        )}
      </Group>
      <Group gap="sm" wrap="nowrap">
        <SearchButton onOpenItem={openRecord} />
        <StaffControls user={user} />
        {seesTeamCredits(user) && <CreditsBadge linked={user.role === 'admin'} />}
        <NotificationsButton onOpenItem={openRecord} timeZone={user.team.timezone} />
        <ChatsButton
          me={user._id}
          isStaff={user.isStaff}
          members={members.data ?? []}
          timeZone={user.team.timezone}
          onOpenItem={openRecord}
        />
        <Divider orientation="vertical" h={28} style={{ alignSelf: 'center' }} />
        <UserSummary user={user} />
        <LogoutButton size="sm" />
      </Group>
    </Group>
  );
}
