import { Button, type ButtonProps, Tooltip } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session-context';
import type { Coach } from '../api/get-coaches';
import { coachName } from './coach-text';

export const NO_ACCOUNT_HINT = "This coach isn't on LinksMate messaging yet.";

/**
 * The message button of a coach (spec 2): a direct conversation with the coach's account, which needs
 * a login (the messages screen's guard asks for it and comes back). A coach without an account cannot
 * be messaged: the button stays in place, disabled, and says why when hovered or focused. One's own
 * coach profile has no message button.
 */
export function MessageCoachButton({
  coach,
  label = 'Message',
  ...props
}: { coach: Coach; label?: string } & Omit<ButtonProps, 'children'>) {
  const { claims } = useSession();
  const name = coachName(coach);
  if (coach.user_id !== null && claims?.user_id === coach.user_id) return null;
  const icon = <IconMessageCircle size={16} aria-hidden />;
  // Several cards each have a 'Message' button: the name tells them apart.
  const accessibleName = label === 'Message' ? `Message ${name}` : label;
  if (coach.user_id === null) {
    // Not `disabled`: a disabled button takes no focus and no hover, so the reason could never show.
    return (
      <Tooltip
        label={NO_ACCOUNT_HINT}
        withArrow
        multiline
        maw={240}
        events={{ hover: true, focus: true, touch: true }}
      >
        <Button
          {...props}
          leftSection={icon}
          data-disabled
          aria-disabled="true"
          aria-label={`${accessibleName} (not available)`}
          onClick={(event) => event.preventDefault()}
        >
          {label}
        </Button>
      </Tooltip>
    );
  }
  return (
    <Button
      {...props}
      component={Link}
      to={paths.conversation.href('direct', coach.user_id)}
      leftSection={icon}
      aria-label={accessibleName}
    >
      {label}
    </Button>
  );
}
