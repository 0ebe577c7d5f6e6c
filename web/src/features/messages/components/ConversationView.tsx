import type { Message } from '@linksmate/proto';
import {
  MESSAGE_MAX_LENGTH,
  MESSAGING_MESSAGES,
  UPLOAD_LIMITS,
  UPLOAD_MESSAGES,
} from '@linksmate/proto/rules';
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Center,
  CloseButton,
  FileButton,
  Group,
  Image,
  Loader,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCheck, IconChecks, IconLock, IconPaperclip, IconSend } from '@tabler/icons-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { LoadFailure } from '../../../components/LoadStates';
import { ApiError } from '../../../lib/api-client';
import { relativeTime } from '../../../lib/dates';
import { tooLong } from '../../../lib/form-errors';
import { useSession } from '../../../lib/session-context';
import { useFollowEventChat, useSocketConnected } from '../../../lib/socket-pushes';
import { messagesOf, useConversation } from '../api/get-conversation';
import { useMarkRead } from '../api/mark-read';
import { useSendMessage } from '../api/send-message';
import { useUploadMessageMedia } from '../api/upload-message-media';
import { ChatAvatar } from './ChatAvatar';
import type { OpenConversation } from './ConversationList';
import { personName } from './chat-text';

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];
const VIDEO_TYPES = [
  'video/mp4',
  'video/quicktime',
  'video/x-msvideo',
  'video/avi',
  'video/webm',
  'video/3gpp',
];
const MB = 1024 * 1024;

/** docs/product.md#community-validation: the attachment's type and size checked before it is sent (the server checks again). */
function attachmentProblem(file: File): string | null {
  const image = IMAGE_TYPES.includes(file.type);
  if (!image && !VIDEO_TYPES.includes(file.type)) return UPLOAD_MESSAGES.invalidMediaType;
  const limit = image ? UPLOAD_LIMITS.messageImageBytes : UPLOAD_LIMITS.messageVideoBytes;
  if (file.size > limit) return UPLOAD_MESSAGES.tooLarge(`${limit / MB}MB`);
  return null;
}

/** A message that did not go: shown in place, marked failed (spec 2 "Messaging"). */
interface FailedMessage {
  key: string;
  content: string;
}

function MessageMedia({ message }: { message: Message }) {
  const [broken, setBroken] = useState(false);
  if (!message.media_url) return null;
  if (message.media_type === 'video')
    return (
      // biome-ignore lint/a11y/useMediaCaption: people's own clips come without captions
      <video
        controls
        preload="metadata"
        poster={message.media_thumbnail_url ?? undefined}
        style={{ maxWidth: 280, borderRadius: 8 }}
        src={message.media_url}
      />
    );
  if (broken) return <Text size="xs">Image failed to load</Text>;
  return (
    <Image
      src={message.media_url}
      alt={message.media_filename ?? 'Photo'}
      maw={280}
      radius="md"
      onError={() => setBroken(true)}
    />
  );
}

export function ConversationView({ open }: { open: OpenConversation }) {
  const { claims } = useSession();
  const me = claims?.user_id;
  const socketUp = useSocketConnected();
  const conversation = useConversation(open.type, open.id, socketUp);
  const send = useSendMessage(open.type, open.id);
  const upload = useUploadMessageMedia();
  const markRead = useMarkRead(open.type, open.id);
  useFollowEventChat(open.type === 'event' ? open.id : null);
  const composer = useForm<{ text: string; file: File | null }>({
    mode: 'controlled',
    initialValues: { text: '', file: null },
    validate: { text: (text) => tooLong(text, MESSAGE_MAX_LENGTH, MESSAGING_MESSAGES.tooLong) },
  });
  const { text, file } = composer.values;
  const [failed, setFailed] = useState<FailedMessage[]>([]);
  const bottom = useRef<HTMLDivElement>(null);
  const scroller = useRef<HTMLDivElement>(null);

  const pages = conversation.data?.pages;
  const messages = messagesOf(pages);
  const header = pages?.[0];
  const newestId = messages.at(-1)?.id;

  // Seen: the conversation once opened, then whatever others send while it is open (one's own
  // messages need no receipt).
  const { mutate: markSeen } = markRead;
  const markedOnce = useRef(false);
  const newestFromOther = messages.at(-1)?.sender_user_id !== me;
  useEffect(() => {
    if (newestId === undefined || (markedOnce.current && !newestFromOther)) return;
    markedOnce.current = true;
    markSeen();
  }, [newestId, newestFromOther, markSeen]);

  // Spec 2: after a send (or a new message) the view goes to the bottom, after 100 ms.
  useLayoutEffect(() => {
    if (newestId === undefined) return;
    const timer = setTimeout(() => bottom.current?.scrollIntoView({ block: 'end' }), 100);
    return () => clearTimeout(timer);
  }, [newestId]);

  const loadOlder = () => {
    if (conversation.hasNextPage && !conversation.isFetchingNextPage) void conversation.fetchNextPage();
  };

  const submit = async ({ text, file }: { text: string; file: File | null }) => {
    const content = text.trim();
    if (!content && !file) return;
    try {
      let media: { media_url: string; media_type: string; media_filename: string } | undefined;
      if (file) {
        const stored = await upload.mutateAsync(file);
        media = {
          media_url: stored.url,
          media_type: stored.media_type,
          media_filename: stored.media_filename,
        };
      }
      await send.mutateAsync({ content: content || null, ...media });
      composer.reset();
    } catch {
      if (content) setFailed((list) => [...list, { key: `${Date.now()}`, content }]);
      composer.setFieldValue('text', '');
    }
  };

  if (conversation.error)
    return (
      <LoadFailure
        title={`Failed to load messages: ${conversation.error instanceof ApiError ? conversation.error.message : 'Please try again.'}`}
        onRetry={() => void conversation.refetch()}
      />
    );
  if (conversation.isPending || !header)
    return (
      <Center h={300} role="status" aria-label="Loading messages">
        <Loader />
      </Center>
    );

  const title =
    'user' in header ? personName(header.user) : 'event' in header ? header.event.title : 'Conversation';
  const image = 'user' in header ? header.user.profile_image_url : null;
  const sendError = send.error ?? upload.error;
  const busy = send.isPending || upload.isPending;
  // Either of the two has blocked the other: no composer to type into for nothing.
  const blocked = 'can_message' in header && !header.can_message;

  return (
    <Stack gap="sm" h="100%">
      <Group gap="sm" pb="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <ChatAvatar
          name={title}
          image={image}
          seed={open.type === 'direct' ? open.id : `event${open.id}`}
          event={open.type === 'event'}
        />
        <div>
          <Title order={2} fz="lg">
            {title}
          </Title>
          <Text size="xs" c="dimmed">
            {open.type === 'event' ? 'Event Group Chat' : 'Direct Message'}
          </Text>
        </div>
      </Group>

      <Box
        ref={scroller}
        style={{ overflowY: 'auto', maxHeight: '55vh', minHeight: 240 }}
        onScroll={(e) => {
          if (e.currentTarget.scrollTop < 40) loadOlder();
        }}
        data-testid="message-list"
      >
        {conversation.hasNextPage && (
          <Center py="xs">
            <Button variant="subtle" size="xs" onClick={loadOlder} loading={conversation.isFetchingNextPage}>
              Load more messages
            </Button>
          </Center>
        )}
        {messages.length === 0 && failed.length === 0 ? (
          <Stack align="center" gap={4} py="xl">
            <Text fw={600}>No messages yet</Text>
            <Text c="dimmed" size="sm">
              Why don't you start the conversation?
            </Text>
          </Stack>
        ) : (
          <Stack
            gap={6}
            component="ol"
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
            aria-label="Messages"
          >
            {messages.map((message, index) => {
              const mine = message.sender_user_id === me;
              const firstOfRun = messages[index - 1]?.sender_user_id !== message.sender_user_id;
              return (
                <li key={message.id} data-testid="message" data-mine={mine || undefined}>
                  <Group justify={mine ? 'flex-end' : 'flex-start'} align="flex-end" gap="xs" wrap="nowrap">
                    {!mine && (
                      <Box w={32}>
                        {firstOfRun && (
                          <ChatAvatar
                            size={32}
                            name={message.Username}
                            image={message.sender_profile_image_url}
                            seed={message.sender_user_id}
                          />
                        )}
                      </Box>
                    )}
                    <Paper
                      px="sm"
                      py={6}
                      radius="lg"
                      maw="75%"
                      bg={mine ? 'fairway.7' : 'gray.1'}
                      c={mine ? 'white' : undefined}
                    >
                      {firstOfRun && !mine && (
                        <Text size="xs" fw={700}>
                          {message.Username}
                        </Text>
                      )}
                      <MessageMedia message={message} />
                      {message.content && (
                        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                          {message.content}
                        </Text>
                      )}
                      <Group gap={4} justify="flex-end">
                        <Text size="xs" c={mine ? 'white' : 'dimmed'}>
                          {relativeTime(message.sent_at)}
                        </Text>
                        {mine &&
                          (message.read_at ? (
                            <IconChecks size={14} aria-label="Read" data-testid="tick-read" />
                          ) : (
                            <IconCheck size={14} aria-label="Delivered" data-testid="tick-delivered" />
                          ))}
                      </Group>
                    </Paper>
                  </Group>
                </li>
              );
            })}
            {failed.map((f) => (
              <li key={f.key} data-testid="message-failed">
                <Group justify="flex-end">
                  <Paper
                    px="sm"
                    py={6}
                    radius="lg"
                    maw="75%"
                    withBorder
                    style={{ borderColor: 'var(--mantine-color-red-6)' }}
                  >
                    <Text size="sm">{f.content}</Text>
                    <Text size="xs" c="red.8">
                      Not sent
                    </Text>
                  </Paper>
                </Group>
              </li>
            ))}
          </Stack>
        )}
        <div ref={bottom} />
      </Box>

      {blocked ? (
        <Alert color="gray" variant="light" icon={<IconLock size={18} aria-hidden />}>
          {MESSAGING_MESSAGES.blocked}
        </Alert>
      ) : (
        <>
          {sendError && (
            <Alert color="red" variant="light" role="alert" withCloseButton onClose={() => send.reset()}>
              {sendError instanceof ApiError && sendError.membershipRequired
                ? null
                : `Failed to send message: ${sendError instanceof Error ? sendError.message : 'Please try again.'}`}
            </Alert>
          )}
          {composer.errors.file && (
            <Text size="sm" c="red.8" role="alert">
              {composer.errors.file}
            </Text>
          )}
          {file && (
            <Group gap="xs">
              <Text size="sm">📎 {file.name}</Text>
              <CloseButton
                size="sm"
                aria-label="Remove attachment"
                onClick={() => composer.setFieldValue('file', null)}
              />
            </Group>
          )}
          <form onSubmit={composer.onSubmit(submit)}>
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <FileButton
                accept={[...IMAGE_TYPES, ...VIDEO_TYPES].join(',')}
                onChange={(picked) => {
                  if (!picked) return;
                  const problem = attachmentProblem(picked);
                  composer.setFieldValue('file', problem ? null : picked);
                  // After the value: setting a field clears its error.
                  composer.setFieldError('file', problem);
                }}
              >
                {(props) => (
                  <ActionIcon
                    {...props}
                    variant="default"
                    size="lg"
                    aria-label="Attach a photo or video"
                    disabled={busy}
                  >
                    <IconPaperclip size={18} />
                  </ActionIcon>
                )}
              </FileButton>
              <Textarea
                aria-label="Message"
                placeholder="Type a message…"
                {...composer.getInputProps('text')}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && !e.shiftKey) {
                    e.preventDefault();
                    e.currentTarget.form?.requestSubmit();
                  }
                }}
                disabled={busy}
                autosize
                minRows={1}
                maxRows={5}
                style={{ flex: 1 }}
              />
              <Button
                type="submit"
                loading={busy}
                disabled={!text.trim() && !file}
                leftSection={<IconSend size={16} />}
              >
                Send
              </Button>
            </Group>
          </form>
        </>
      )}
    </Stack>
  );
}
