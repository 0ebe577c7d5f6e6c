import { Avatar } from '@mantine/core';
import { initialsOf } from '../../../lib/text';
import { avatarColour } from './chat-text';

/** A person's picture, else their initials on one of eight colours; an event chat's golfer. */
export function ChatAvatar({
  name,
  image,
  seed,
  event = false,
  size = 40,
}: {
  name: string;
  image?: string | null;
  seed: string | number;
  event?: boolean;
  size?: number;
}) {
  if (event)
    return (
      <Avatar size={size} radius="xl" color="fairway" alt="">
        <span aria-hidden>🏌️</span>
      </Avatar>
    );
  return (
    <Avatar
      src={image || null}
      size={size}
      radius="xl"
      alt=""
      styles={{ placeholder: { background: avatarColour(seed), color: 'white' } }}
    >
      {initialsOf(name) || '?'}
    </Avatar>
  );
}
