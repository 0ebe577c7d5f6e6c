import { Avatar, Center } from '@mantine/core';
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
  if (image) return <Avatar src={image} size={size} radius="xl" alt="" />;
  return (
    <Center
      aria-hidden
      w={size}
      h={size}
      style={{
        borderRadius: '50%',
        flexShrink: 0,
        background: avatarColour(seed),
        color: '#ffffff',
        fontWeight: 700,
        fontSize: size * 0.4,
      }}
    >
      {initialsOf(name) || '?'}
    </Center>
  );
}
