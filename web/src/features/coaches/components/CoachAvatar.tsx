import { Avatar, type AvatarProps } from '@mantine/core';
import { initialsOf } from '../../../lib/text';
import type { Coach } from '../api/get-coaches';
import { coachName } from './coach-text';

/**
 * The coach's picture, or their initials on green (also when the picture fails to load). `alt` is
 * empty where the name stands beside it.
 */
export function CoachAvatar({ coach, alt, ...props }: { coach: Coach; alt: string } & AvatarProps) {
  const name = coachName(coach);
  return (
    <Avatar src={coach.profile_image_url} color="fairway" alt={alt} {...props}>
      {initialsOf(name)}
    </Avatar>
  );
}
